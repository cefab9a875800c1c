// Loading the sync registry: a load that fails tells whoever waits (a save then fails with an
// error instead of spinning for ever), and the next call loads it again.
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { SyncRegistry } from './registry';

beforeEach(() => {
  vi.resetModules();
});

describe('loadSyncRegistry', () => {
  it('rejects the waiting calls when the load fails, and loads again on the next', async () => {
    const source = await import('./registry-source');
    const registry = { features: [] } as unknown as SyncRegistry;
    let attempts = 0;
    source.provideSyncRegistry(() => {
      attempts += 1;
      if (attempts === 1)
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      source.registryInstalled(registry);
      return Promise.resolve();
    });
    const first = source.loadSyncRegistry();
    const second = source.loadSyncRegistry();
    await expect(first).rejects.toThrow('Failed to fetch');
    await expect(second).rejects.toThrow('Failed to fetch');
    await expect(source.loadSyncRegistry()).resolves.toBe(registry);
    expect(attempts).toBe(2);
  });
});
