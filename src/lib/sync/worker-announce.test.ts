// The worker delivers through raw IndexedDB, which Dexie's live queries cannot see; the page
// announces it when the worker says it is done. Without that, the pending count stays stale.
import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '../db';
import { announceOutboxChangedByWorker } from './engine';
import { enqueueChange } from './outbox';
import { installToyRegistry, noteId } from './testing/toy-feature';

installToyRegistry();

/** Deletes every outbox row the way the service worker does: plain IndexedDB, no Dexie. */
async function deleteOutboxOutsideDexie() {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('clipdeck');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  await new Promise<void>((resolve) => {
    const tx = database.transaction('outbox', 'readwrite');
    tx.objectStore('outbox').clear();
    tx.oncomplete = () => resolve();
  });
  database.close();
}

beforeEach(async () => {
  await wipeUserData();
});

describe('announcing the worker’s replay to live queries', () => {
  it('makes a live pending count drop to what IndexedDB holds', async () => {
    await enqueueChange({ op: 'note.delete', body: { noteId: noteId(1) } });
    const seen: number[] = [];
    const subscription = liveQuery(() =>
      db.outbox.where('status').equals('queued').count(),
    ).subscribe((count) => seen.push(count));
    await expect.poll(() => seen.at(-1)).toBe(1);
    await deleteOutboxOutsideDexie();
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.at(-1)).toBe(1); // Dexie did not notice
    announceOutboxChangedByWorker();
    await expect.poll(() => seen.at(-1)).toBe(0);
    subscription.unsubscribe();
  });
});
