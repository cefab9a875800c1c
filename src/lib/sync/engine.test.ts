// The engine keeps the service worker's token copy current: the sign-in page navigates away
// right after storing the token, so its copy into Dexie may never land; without the copy the
// worker's Background Sync replay finds no token and leaves the queue paused.
import 'fake-indexeddb/auto';

import { beforeEach, expect, it } from 'vitest';

import { ACCESS_TOKEN_KEY } from '../auth/token-storage';
import { db, wipeUserData } from '../db';
import { syncNow } from './engine';
import { fakeBatchServer } from './testing/fake-batch-server';
import { installToyRegistry } from './testing/toy-feature';

installToyRegistry();

beforeEach(async () => {
  await wipeUserData();
  localStorage.clear();
});

it('copies the page’s token to Dexie for the worker before it replays', async () => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token-from-sign-in');
  expect(await db.meta.get('accessToken')).toBeUndefined();
  const server = fakeBatchServer();
  await syncNow({ fetch: server.fetch, url: (p) => p, token: () => 'token-from-sign-in' });
  expect((await db.meta.get('accessToken'))?.value).toBe('token-from-sign-in');

  localStorage.removeItem(ACCESS_TOKEN_KEY);
  await syncNow({ fetch: server.fetch, url: (p) => p, token: () => null });
  expect(await db.meta.get('accessToken')).toBeUndefined();
});
