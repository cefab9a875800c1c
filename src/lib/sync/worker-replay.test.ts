// The service worker's replay (sw/outbox-store.ts: the shared protocol over raw IndexedDB) run
// against the outbox the page really writes (enqueueChange on Dexie over fake-indexeddb): it
// sends each row's stored request, needs no table of operations, and leaves the queue as the
// page's replay would.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';

import { replayQueueFromWorker, type WorkerReplayDeps } from '../../../sw/outbox-store';
import { db, wipeUserData } from '../db';
import { discardChange, enqueueChange } from './outbox';
import { fakeBatchServer, type FakeBatchServer } from './testing/fake-batch-server';
import { installToyRegistry, noteId } from './testing/toy-feature';

installToyRegistry();

const clock = 5_000_000;
function deps(server: FakeBatchServer, extra: Partial<WorkerReplayDeps> = {}): WorkerReplayDeps {
  return {
    indexedDB,
    fetch: server.fetch,
    url: (p) => `https://api.example.test${p}`,
    now: () => clock,
    random: () => 0.5,
    ...extra,
  };
}

async function queueChanges() {
  await enqueueChange({ op: 'note.create', body: { id: noteId(1), text: 'To do' } });
  await enqueueChange({ op: 'note.edit', body: { noteId: noteId(1), text: 'Done' } });
  await enqueueChange({ op: 'note.delete', body: { noteId: noteId(1) } });
  return ((await db.meta.get('syncClient'))!.value as { clientId: string }).clientId;
}

beforeEach(async () => {
  await wipeUserData();
  await db.meta.put({ key: 'accessToken', value: 'token-w' });
});

describe('the service worker’s replay', () => {
  it('sends the rows’ stored requests once, in order, with their keys, and empties the queue', async () => {
    const clientId = await queueChanges();
    const rows = await db.outbox.orderBy('seq').toArray();
    const server = fakeBatchServer();
    const report = await replayQueueFromWorker(deps(server));
    expect(report).toEqual({ outcome: 'empty', delivered: 3, rejected: 0 });
    expect(server.sent).toEqual(rows.map((r) => r.request));
    expect(server.sent.map((s) => [s.method, s.path, s.key])).toEqual([
      ['POST', '/api/notes/new', `${clientId}:1`],
      ['PUT', '/api/notes/edit', `${clientId}:2`],
      ['POST', '/api/notes/delete', `${clientId}:3`],
    ]);
    expect(server.auth).toEqual(['Bearer token-w']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not wait out the backoff (the sync event means the network is back)', async () => {
    await queueChanges();
    await db.outbox.update(1, { attempts: 3, nextAttemptAt: clock + 60_000 });
    const server = fakeBatchServer();
    expect(await replayQueueFromWorker(deps(server))).toMatchObject({ outcome: 'empty', delivered: 3 });
  });

  it('stops at a transient failure with the backoff recorded, then resumes at the same change', async () => {
    await queueChanges();
    const server = fakeBatchServer({ answers: [201, 503] });
    expect(await replayQueueFromWorker(deps(server))).toMatchObject({ outcome: 'waiting', delivered: 1 });
    const head = (await db.outbox.orderBy('seq').first())!;
    expect(head).toMatchObject({ seq: 2, attempts: 1, status: 'queued', httpStatus: 503 });
    expect(head.nextAttemptAt).toBe(clock + 750);
    const again = fakeBatchServer();
    expect(await replayQueueFromWorker(deps(again))).toMatchObject({ delivered: 2 });
    expect(again.sent.map((s) => s.key.split(':')[1])).toEqual(['2', '3']);
  });

  it('rejects a refused change (kept for the user) and moves on; sends a discarded one as a skip', async () => {
    await queueChanges();
    await discardChange(3);
    const server = fakeBatchServer({ answers: [201, 404] });
    expect(await replayQueueFromWorker(deps(server))).toEqual({ outcome: 'empty', delivered: 2, rejected: 1 });
    expect(server.sent[2]!.path).toBe('/api/sync/skip');
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ seq: 2, status: 'rejected', httpStatus: 404 })]);
  });

  it('pauses on 401 for that token, as the page does', async () => {
    await queueChanges();
    const server = fakeBatchServer({ answers: [401] });
    expect((await replayQueueFromWorker(deps(server))).outcome).toBe('paused');
    expect((await db.meta.get('syncPausedToken'))?.value).toBe('token-w');
    expect((await replayQueueFromWorker(deps(server))).outcome).toBe('paused');
    expect(server.batches).toHaveLength(1);
    expect(await db.outbox.count()).toBe(3);
  });

  it('does not replay while a tab holds the sync lock', async () => {
    await queueChanges();
    const server = fakeBatchServer();
    const busyLocks: WorkerReplayDeps['locks'] = { request: (_name, _options, callback) => callback(null) };
    expect((await replayQueueFromWorker(deps(server, { locks: busyLocks }))).outcome).toBe('busy');
    expect(server.batches).toHaveLength(0);
  });

  it('never creates the database when the page has not', async () => {
    const server = fakeBatchServer();
    const fresh = new IDBFactory();
    const report = await replayQueueFromWorker(deps(server, { indexedDB: fresh }));
    expect(report.outcome).toBe('no-database');
    expect(server.batches).toHaveLength(0);
    expect(await fresh.databases()).toEqual([]);
  });
});
