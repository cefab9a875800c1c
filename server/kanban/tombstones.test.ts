// Deleted cards are remembered for TOMBSTONE_DAYS (docs/live.md, "Merges"): within the horizon
// an edit made offline before the delete restores the card; the hourly prune forgets older
// ones, after which such an edit answers 404. A device whose cursor is older than every kept
// tombstone still gets every delete: its pull answers the whole board.
import crypto from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { KanbanBoard } from '../contracts/kanban.ts';
import { kanbanTombstones } from '../db/schema/index.ts';
import { ownIds, share, type Account } from '../live/testing/accounts.ts';
import { pruneOnce } from '../sync/prune.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = async (who: Account, path: string, body: unknown) => {
  const res = await server.call('POST', path, { token: who.token, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const tombstones = async () =>
  (await server.deps.database.db.select().from(kanbanTombstones)).map((t) => t.cardId).sort();

describe('kanban tombstones', () => {
  it('keeps recent deletes for offline edits, prunes old ones, and a stale pull gets the whole board', async () => {
    const owner = await server.createUser();
    const editor = await server.createUser();
    const { boardId } = await ownIds(server, owner);
    await share(server, owner, editor, 'board', boardId, 'editor');
    const columnId = crypto.randomUUID();
    await post(owner, '/api/kanban/columns/new', { id: columnId, boardId, name: 'Todo' });
    const [old, recent, kept] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [id, name] of [
      [old, 'Deleted long ago'],
      [recent, 'Deleted yesterday'],
      [kept, 'Still here'],
    ])
      await post(owner, '/api/kanban/cards/new', { columnId, card: { id, name } });
    const board = await server.call('GET', `/api/kanban/boards/${boardId}`, {
      token: editor.token,
    });
    // the editor's device goes offline here, at this cursor
    const offlineAt = ((await board.json()) as { board: KanbanBoard }).board.cursor;

    await post(owner, '/api/kanban/cards/delete', { cardId: old });
    await post(owner, '/api/kanban/cards/delete', { cardId: recent });
    const db = server.deps.database.db;
    await db
      .update(kanbanTombstones)
      .set({ deletedAt: sql`now() - make_interval(days => ${server.env.TOMBSTONE_DAYS + 1})` })
      .where(eq(kanbanTombstones.cardId, old));
    await db
      .update(kanbanTombstones)
      .set({ deletedAt: sql`now() - interval '1 day'` })
      .where(eq(kanbanTombstones.cardId, recent));

    expect(await pruneOnce(server.deps)).toMatchObject({ tombstones: 1 });
    expect(await tombstones()).not.toContain(old);
    expect(await tombstones()).toContain(recent);

    // the editor's queued edits arrive: the recent delete is undone with a note, the old one is gone
    const late = (cardId: string) =>
      post(editor, '/api/kanban/cards/update', {
        cardId,
        card: { name: 'Edited offline' },
        baseCursor: offlineAt,
      });
    const restored = await late(recent);
    expect(restored.status).toBe(200);
    expect((restored.body.card as { conflicts: { field: string }[] }).conflicts).toEqual([
      expect.objectContaining({ field: 'deleted' }),
    ]);
    expect((await late(old)).status).toBe(404);

    // a pull from before every kept tombstone answers the board itself, so the device replaces
    // its copy: the card deleted long ago is not on it
    const pulled = await server.call('GET', `/api/kanban/boards/${boardId}?since=${offlineAt}`, {
      token: editor.token,
    });
    const answer = (await pulled.json()) as { board?: KanbanBoard; unchanged?: true };
    expect(answer.unchanged).toBeUndefined();
    expect(Object.keys(answer.board!.cards).sort()).toEqual([recent, kept].sort());
    expect(answer.board!.columns[columnId]!.cardIds).not.toContain(old);
  });
});
