import { describe, expect, it } from 'vitest';

import { withSyncLock, type LockManagerLike } from './lock';

/** A LockManager with the Web Locks `ifAvailable` semantics, shared like tabs share one. */
function fakeLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        throw new Error('not modelled');
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('the sync lock', () => {
  it.each([
    ['Web Locks', fakeLocks()],
    ['in-page fallback', undefined],
  ] as const)('lets only one replay run at a time (%s)', async (_name, locks) => {
    const g = gate();
    let running = 0;
    let maxRunning = 0;
    const work = async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await g.promise;
      running -= 1;
      return 'done';
    };
    const first = withSyncLock(work, locks);
    const second = await withSyncLock(work, locks);
    expect(second).toEqual({ ran: false });
    g.open();
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(maxRunning).toBe(1);
    // released: the next caller runs
    expect(await withSyncLock(() => Promise.resolve(1), locks)).toEqual({ ran: true, value: 1 });
  });

  it('releases the lock when the replay throws', async () => {
    const locks = fakeLocks();
    await expect(withSyncLock(() => Promise.reject(new Error('boom')), locks)).rejects.toThrow(
      'boom',
    );
    expect(await withSyncLock(() => Promise.resolve(2), locks)).toEqual({ ran: true, value: 2 });
  });
});
