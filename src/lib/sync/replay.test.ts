// The page's replay through the shared protocol: batches of up to 100 to POST /api/sync/batch,
// each change with its stored request and key, each result applied to its row.
import 'fake-indexeddb/auto';

import { beforeEach, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '../db';
import { discardChange, enqueueChange } from './outbox';
import { BATCH_LIMIT } from './protocol';
import { replayOutbox, type ReplayDeps } from './replay';
import { fakeBatchServer, type FakeBatchServer } from './testing/fake-batch-server';
import { installToyRegistry, noteId } from './testing/toy-feature';

installToyRegistry();

let token = 'token-1';
let clock = 1_000_000;
const deps = (server: FakeBatchServer): ReplayDeps => ({
  fetch: server.fetch,
  url: (p) => p,
  token: () => token,
  now: () => clock,
  random: () => 0.5,
});

async function queueNotes(count: number) {
  for (let n = 1; n <= count; n += 1)
    await enqueueChange({ op: 'note.create', body: { id: noteId(n), text: `N${n}` } });
  return ((await db.meta.get('syncClient'))!.value as { clientId: string }).clientId;
}
const seqs = (server: FakeBatchServer) => server.sent.map((s) => Number(s.key.split(':')[1]));

beforeEach(async () => {
  await wipeUserData();
  token = 'token-1';
  clock = 1_000_000;
});

describe('replaying the outbox in batches', () => {
  it('sends every change once, in order, with its stored request and clientId:seq key', async () => {
    const clientId = await queueNotes(3);
    const server = fakeBatchServer();
    const report = await replayOutbox(deps(server));
    expect(report).toMatchObject({ outcome: 'empty', delivered: 3, rejected: 0 });
    expect(server.batches).toEqual([3]);
    expect(server.auth).toEqual(['Bearer token-1']);
    expect(server.sent).toEqual(
      [1, 2, 3].map((n) => ({
        method: 'POST',
        path: '/api/notes/new',
        body: JSON.stringify({ id: noteId(n), text: `N${n}` }),
        key: `${clientId}:${n}`,
      })),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it(`sends at most ${BATCH_LIMIT} changes a request`, async () => {
    await queueNotes(250);
    const server = fakeBatchServer();
    expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'empty', delivered: 250 });
    expect(server.batches).toEqual([100, 100, 50]);
    expect(seqs(server)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
  });

  it.each([503, 500, 429] as const)(
    'a change answered %s stops the batch: earlier ones delivered, it backs off, later ones wait',
    async (failure) => {
      await queueNotes(3);
      const server = fakeBatchServer({ answers: [201, failure] });
      const report = await replayOutbox(deps(server));
      expect(report).toMatchObject({ outcome: 'waiting', delivered: 1, lastStatus: failure });
      const head = (await db.outbox.orderBy('seq').first())!;
      expect(head).toMatchObject({ seq: 2, attempts: 1, status: 'queued', httpStatus: failure });
      expect(head.nextAttemptAt).toBe(clock + 750);
      // before the backoff has passed nothing is sent
      await replayOutbox(deps(server));
      expect(server.batches).toHaveLength(1);
      clock += 1000;
      expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'empty', delivered: 2 });
      expect(seqs(server)).toEqual([1, 2, 2, 3]);
    },
  );

  it.each(['network', 503] as const)('a whole request failing (%s) keeps every change and backs off', async (failure) => {
    await queueNotes(3);
    const server = fakeBatchServer({ requests: [failure] });
    expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'waiting', delivered: 0 });
    expect(await db.outbox.get(1)).toMatchObject({ attempts: 1, nextAttemptAt: clock + 750 });
    clock += 1000;
    expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'empty', delivered: 3 });
  });

  it('pauses on 401 (a change or the whole request) until a new token appears', async () => {
    await queueNotes(3);
    const server = fakeBatchServer({ answers: [201, 401] });
    expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'paused', delivered: 1 });
    expect((await replayOutbox(deps(server))).outcome).toBe('paused');
    expect(server.batches).toHaveLength(1);
    expect(await db.outbox.count()).toBe(2);
    token = 'token-2';
    const whole = fakeBatchServer({ requests: [401] });
    expect((await replayOutbox(deps(whole))).outcome).toBe('paused');
    token = 'token-3';
    expect(await replayOutbox(deps(whole))).toMatchObject({ outcome: 'empty', delivered: 2 });
  });

  it('rejects a change answered with another 4xx, keeps it listed with the reason, and goes on', async () => {
    await queueNotes(3);
    const server = fakeBatchServer({ answers: [201, 400, 201] });
    const report = await replayOutbox(deps(server));
    expect(report).toMatchObject({ outcome: 'empty', delivered: 2, rejected: 1 });
    expect(server.batches).toEqual([3]);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ seq: 2, status: 'rejected', httpStatus: 400, error: 'status 400' }),
    ]);
  });

  it('a 409 gap stops the batch, is rejected like the single call, and the rest is sent again', async () => {
    await queueNotes(3);
    const server = fakeBatchServer({ answers: [409] });
    expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'empty', delivered: 2, rejected: 1 });
    expect(server.batches).toEqual([3, 2]);
    expect(await db.outbox.get(1)).toMatchObject({ status: 'rejected', httpStatus: 409 });
  });

  it('a whole batch refused with a 4xx is sent again head first, so only a bad row is rejected', async () => {
    await queueNotes(3);
    const server = fakeBatchServer({ requests: [413, 400] });
    const report = await replayOutbox(deps(server));
    expect(report).toMatchObject({ outcome: 'empty', delivered: 2, rejected: 1 });
    expect(server.batches).toEqual([3, 1, 2]);
    expect(await db.outbox.get(1)).toMatchObject({ status: 'rejected', httpStatus: 400 });
  });

  it('sends a discarded change as a skip under its key; a skip answered 422 is done', async () => {
    const clientId = await queueNotes(3);
    await discardChange(2);
    const server = fakeBatchServer({ answers: [201, 422, 201] });
    expect(await replayOutbox(deps(server))).toMatchObject({ outcome: 'empty', delivered: 3, rejected: 0 });
    expect(server.sent.map((s) => [s.path, s.key])).toEqual([
      ['/api/notes/new', `${clientId}:1`],
      ['/api/sync/skip', `${clientId}:2`],
      ['/api/notes/new', `${clientId}:3`],
    ]);
  });

  it('does nothing without a token', async () => {
    await queueNotes(3);
    token = '';
    const server = fakeBatchServer();
    expect((await replayOutbox(deps(server))).outcome).toBe('paused');
    expect(server.batches).toHaveLength(0);
  });
});
