// The sync registry may arrive while Dexie is opening the database (a page's first read and a
// first save at once): taking it then must not throw, or every save of that page would wait
// for a registry that never installs.
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ClipdeckDb } from './db';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ClipdeckDb', () => {
  it('takes the registry while Dexie opens the database', async () => {
    const database = new ClipdeckDb('clipdeck-opening-race');
    const dexieOpen = Dexie.prototype.open;
    let thrown: unknown = null;
    // the registry installs just after Dexie's own open has begun, before IndexedDB answers
    vi.spyOn(Dexie.prototype, 'open').mockImplementation(function (this: Dexie) {
      const opening = dexieOpen.call(this);
      try {
        database.completeSchema(() => Promise.resolve());
      } catch (error) {
        thrown = error;
      }
      return opening;
    });
    await database.open();
    expect(thrown).toBeNull();
    expect(database.isOpen()).toBe(true);
    vi.restoreAllMocks();
    await database.delete();
  });
});
