// GET /api/live: one stream per tab carries a notice for every change to a board or calendar
// the user sees, and for their chat and mail; it resumes from the cursor a reconnect sends
// back; a removed member's stream says `revoked` and carries nothing of that board after; an
// accepted invitation starts its notices; presence (join, open card, leave, a closed tab
// timing out) reaches the board's members and nobody else.
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LiveNotice, LivePresence } from '../contracts/live.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { publish } from './bus.ts';
import { sweep } from './presence.ts';
import { readSse, type SseEvent } from './sse-reader.ts';
import { ownIds, share, team, type Account } from './testing/accounts.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const streams: ReturnType<typeof readSse>[] = [];
afterAll(async () => {
  for (const s of streams) await s.close();
});

async function open(who: Account, cursor?: string) {
  const res = await server.app.request('/api/live', {
    headers: { ...who.auth, ...(cursor ? { 'Last-Event-ID': cursor } : {}) },
  });
  expect(res.status).toBe(200);
  const stream = readSse(res);
  streams.push(stream);
  await stream.next((e) => e.event === 'ready');
  return stream;
}

const post = (who: Account, path: string, body: unknown) =>
  server.call('POST', path, { token: who.token, body });

const isNotice =
  (feature: string, scope: string, atLeast = 0) =>
  (e: SseEvent) =>
    e.event === 'notice' &&
    (e.data as LiveNotice).feature === feature &&
    (e.data as LiveNotice).scope === scope &&
    (e.data as LiveNotice).cursor >= atLeast;

describe('GET /api/live', () => {
  it('sends a notice to every member when one of them changes the board or the calendar', async () => {
    const { owner, editor, viewer, boardId, calendarId } = await team(server);
    const watching = await open(viewer);
    // the first notices are the current cursors of every scope
    const first = await watching.next(isNotice('kanban', boardId));
    const start = (first.data as LiveNotice).cursor;
    await post(editor, '/api/kanban/columns/new', { boardId, name: 'From the editor' });
    const seen = await watching.next(isNotice('kanban', boardId, start + 1));
    expect(seen.data).toEqual({ feature: 'kanban', scope: boardId, cursor: start + 1 });
    await post(owner, '/api/calendar/events/new', {
      calendarId,
      title: 'Planning',
      start: '2030-05-01T09:00:00Z',
      end: '2030-05-01T10:00:00Z',
    });
    await watching.next(isNotice('calendar', calendarId, 1));
  });

  it('sends chat notices to the people of the conversation', async () => {
    const ann = await server.createUser();
    const ben = await server.createUser();
    const watching = await open(ben);
    const before = (await watching.next(isNotice('chat', ben.user.id))).data as LiveNotice;
    const res = await post(ann, '/api/chat/conversations/new', {
      participantIds: [ben.user.id],
      message: { body: 'hello' },
    });
    expect(res.status).toBeLessThan(300);
    await watching.next(isNotice('chat', ben.user.id, before.cursor + 1));
  });

  it('resumes from the cursor sent back: only the scopes that moved, at their latest cursor', async () => {
    const { owner, editor, boardId } = await team(server);
    const first = await open(editor);
    await first.next(isNotice('mail', editor.user.id));
    await post(owner, '/api/kanban/columns/new', { boardId, name: 'one' });
    const one = await first.next(isNotice('kanban', boardId, 1));
    const cursor = first.lastId!;
    expect(one.id).toBe(cursor);
    await first.close();

    // while the tab is away: two board changes, nothing else
    await post(owner, '/api/kanban/columns/new', { boardId, name: 'two' });
    await post(owner, '/api/kanban/columns/new', { boardId, name: 'three' });
    const now = (await (
      await server.call('GET', `/api/kanban/boards/${boardId}`, { token: owner.token })
    ).json()) as {
      board: { cursor: number };
    };
    const again = await open(editor, cursor);
    const notice = await again.next((e) => e.event === 'notice');
    expect(notice.data).toEqual({ feature: 'kanban', scope: boardId, cursor: now.board.cursor });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.pending().filter((e) => e.event === 'notice')).toEqual([]);
    // the same cursor in the query works as well
    const viaQuery = await server.app.request(`/api/live?cursor=${encodeURIComponent(cursor)}`, {
      headers: editor.auth,
    });
    const third = readSse(viaQuery);
    streams.push(third);
    await third.next(isNotice('kanban', boardId, now.board.cursor));
  });

  it('tells a removed member `revoked` at once and then nothing of that board', async () => {
    const { owner, viewer, editor, boardId } = await team(server);
    const watching = await open(viewer);
    await watching.next(isNotice('kanban', boardId));
    await post(owner, '/api/sharing/remove', {
      kind: 'board',
      id: boardId,
      userId: viewer.user.id,
    });
    const revoked = await watching.next((e) => e.event === 'revoked');
    expect(revoked.data).toEqual({ feature: 'kanban', scope: boardId });
    expect(revoked.id).not.toContain(boardId);
    await post(editor, '/api/kanban/columns/new', { boardId, name: 'after removal' });
    await post(editor, '/api/live/presence', { boardId, tabId: 'tab-1', cardId: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watching.pending().filter((e) => JSON.stringify(e.data).includes(boardId))).toEqual([]);
  });

  it('says nothing of a board when a grant is read after the membership has gone', async () => {
    // a grant and a later removal can wait in a stream's inbox together: the grant's re-read
    // already finds the board gone, so the stream says `revoked` and no `access` after it
    const { viewer, boardId } = await team(server);
    const watching = await open(viewer);
    await watching.next(isNotice('kanban', boardId));
    await server.deps.database.db.execute(
      sql`delete from share_members where resource_id = ${boardId} and user_id = ${viewer.user.id}`,
    );
    publish(server.deps, [
      { type: 'access', userId: viewer.user.id, feature: 'kanban', scope: boardId, role: 'viewer' },
    ]);
    const revoked = await watching.next((e) => e.event === 'revoked');
    expect(revoked.data).toEqual({ feature: 'kanban', scope: boardId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watching.pending().filter((e) => JSON.stringify(e.data).includes(boardId))).toEqual([]);
  });

  it('starts notices for a board once its invitation is accepted', async () => {
    const owner = await server.createUser();
    const newcomer = await server.createUser();
    const { boardId } = await ownIds(server, owner);
    const watching = await open(newcomer);
    await share(server, owner, newcomer, 'board', boardId, 'viewer');
    const access = await watching.next((e) => e.event === 'access');
    expect(access.data).toEqual({ feature: 'kanban', scope: boardId, role: 'viewer' });
    await post(owner, '/api/kanban/columns/new', { boardId, name: 'welcome' });
    await watching.next(isNotice('kanban', boardId, 1));
  });
});

describe('presence', () => {
  it('shows who looks at the board and which card is open, to members only; leave and time-out end it', async () => {
    const { owner, editor, viewer, outsider, boardId } = await team(server);
    const watching = await open(viewer);
    const stranger = await open(outsider);
    const isPresence = (count: number) => (e: SseEvent) =>
      e.event === 'presence' &&
      (e.data as LivePresence).boardId === boardId &&
      (e.data as LivePresence).viewers.length === count;
    const card = crypto.randomUUID();

    const joined = await post(editor, '/api/live/presence', { boardId, tabId: 'a', cardId: null });
    expect(joined.status).toBe(200);
    const one = (await watching.next(isPresence(1))).data as LivePresence;
    expect(one.viewers).toEqual([{ userId: editor.user.id, name: 'Eddie Editor', cardId: null }]);

    await post(editor, '/api/live/presence', { boardId, tabId: 'a', cardId: card });
    const opened = (await watching.next(isPresence(1))).data as LivePresence;
    expect(opened.viewers[0]!.cardId).toBe(card);

    await post(owner, '/api/live/presence', { boardId, tabId: 'b', cardId: null });
    await watching.next(isPresence(2));
    const listed = await server.call('GET', `/api/live/presence?boardId=${boardId}`, {
      token: viewer.token,
    });
    expect(((await listed.json()) as LivePresence).viewers.map((v) => v.userId).sort()).toEqual(
      [owner.user.id, editor.user.id].sort(),
    );

    await post(owner, '/api/live/presence/leave', { boardId, tabId: 'b' });
    await watching.next(isPresence(1));

    // the editor's tab closes without a word: past the time-to-live the sweep drops it
    await server.deps.database.db.execute(
      sql`update live_presence set seen_at = now() - interval '31 seconds' where board_id = ${boardId}`,
    );
    expect(await sweep(server.deps)).toBe(1);
    await watching.next(isPresence(0));

    expect(stranger.events.filter((e) => e.event === 'presence')).toEqual([]);
    expect(
      (await post(outsider, '/api/live/presence', { boardId, tabId: 'x', cardId: null })).status,
    ).toBe(404);
    const bad = await post(viewer, '/api/live/presence', {
      boardId,
      tabId: 'no spaces',
      cardId: 'x',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields).sort()).toEqual([
      'cardId',
      'tabId',
    ]);
  });
});
