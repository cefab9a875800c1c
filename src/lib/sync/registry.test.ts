// A feature registered in this test only (testing/toy-feature.ts) goes through the whole sync
// path the way calendar and kanban do: queued, replayed from its stored request, pulled,
// wiped on logout (its description: components/sync/describe-change.test.ts); and a database written by the previous version is upgraded.
import { liveQuery } from 'dexie';
import { beforeAll, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '../db';
import { enqueueChange } from './outbox';
import { pullServerState } from './pull';
import { createSyncRegistry } from './registry';
import { replayOutbox } from './replay';
import { fakeBatchServer } from './testing/fake-batch-server';
import { installToyRegistry, notesTable, noteId, toyFeature } from './testing/toy-feature';

/** A database as version 1 of the app left it: native version 10, rows without a request. */
async function writeVersionOneDatabase() {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('clipdeck', 10);
    request.onupgradeneeded = () => {
      const outbox = request.result.createObjectStore('outbox', { keyPath: 'seq' });
      outbox.createIndex('status', 'status');
      request.result.createObjectStore('meta', { keyPath: 'key' });
      request.result.createObjectStore('notes', { keyPath: 'id' });
      request.result.createObjectStore('cart', { keyPath: 'id' });
      const base = { clientId: 'old', status: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 0 };
      outbox.put({ ...base, seq: 1, op: 'note.create', body: { id: noteId(9), text: 'Kept' } });
      outbox.put({ ...base, seq: 2, op: 'gone.feature', body: { x: 1 } });
      request.result.createObjectStore('x-unused').put(1, 1);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  database.close();
}

installToyRegistry();

describe('a feature registered in a test', () => {
  beforeAll(writeVersionOneDatabase);

  it('upgrades the rows of an older database once: each gets the request it goes out as', async () => {
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows[0]).toMatchObject({
      op: 'note.create',
      status: 'queued',
      request: { method: 'POST', path: '/api/notes/new', body: JSON.stringify({ id: noteId(9), text: 'Kept' }), key: 'old:1' },
    });
    expect(rows[0]).not.toHaveProperty('body');
    // a change of a feature that no longer exists is listed for the user, not sent blind
    expect(rows[1]).toMatchObject({ status: 'rejected', error: 'This change can no longer be sent.' });
    await wipeUserData();
  });

  it('queues a change: its own table updated and an outbox row carrying the request', async () => {
    const row = await enqueueChange({ op: 'note.create', body: { id: noteId(1), text: 'Buy milk' } });
    expect(await notesTable().get(noteId(1))).toEqual({ id: noteId(1), text: 'Buy milk' });
    expect(row.request).toEqual({
      method: 'POST',
      path: '/api/notes/new',
      body: JSON.stringify({ id: noteId(1), text: 'Buy milk' }),
      key: `${row.clientId}:${row.seq}`,
    });
  });

  it('is replayed from the rows’ stored requests', async () => {
    const rows = await db.outbox.orderBy('seq').toArray();
    const server = fakeBatchServer();
    const report = await replayOutbox({ fetch: server.fetch, url: (p) => p, token: () => 't' });
    expect(report).toMatchObject({ outcome: 'empty', delivered: 1 });
    expect(server.sent).toEqual(rows.map((r) => r.request));
  });

  it('pulls its server state into its table, with the queued changes on top', async () => {
    await enqueueChange({ op: 'note.edit', body: { noteId: noteId(2), text: 'Mine' } });
    const fetchFn = ((input: string) =>
      Promise.resolve(
        input === '/api/notes'
          ? Response.json({ notes: [{ id: noteId(2), text: 'Theirs' }, { id: noteId(3), text: 'New' }] })
          : new Response('', { status: 404 }),
      )) as typeof fetch;
    await pullServerState({ fetch: fetchFn, url: (p) => p, token: () => 't' });
    expect(await notesTable().orderBy('id').toArray()).toEqual([
      { id: noteId(2), text: 'Mine' },
      { id: noteId(3), text: 'New' },
    ]);
    expect((await db.meta.get('lastSyncAt'))?.value).toEqual(expect.any(Number));
  });

  it('is wiped on logout (its table, its meta keys, the queue), live queries seeing it', async () => {
    await db.meta.bulkPut([
      { key: 'notesCursor', value: 'c1' },
      { key: 'clientId', value: 'device' },
    ]);
    const counts: number[] = [];
    const subscription = liveQuery(() => notesTable().count()).subscribe((n) => counts.push(n));
    await expect.poll(() => counts.at(-1)).toBe(2);
    await wipeUserData();
    await expect.poll(() => counts.at(-1)).toBe(0);
    subscription.unsubscribe();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('notesCursor')).toBeUndefined();
    expect(await db.meta.get('clientId')).toEqual({ key: 'clientId', value: 'device' });
  });

  it('is wiped on logout before this page opened the database too', async () => {
    await notesTable().put({ id: noteId(4), text: 'Left over' });
    db.close({ disableAutoOpen: false });
    await wipeUserData();
    expect(await notesTable().count()).toBe(0);
  });

  it('cannot take an operation name another feature has', () => {
    expect(() => createSyncRegistry([toyFeature, { ...toyFeature, name: 'copy' }])).toThrow(/note\.create/);
  });
});
