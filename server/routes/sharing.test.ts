// /api/sharing, /api/kanban/boards and /api/calendars: an owner shares a board and a calendar
// by email; nothing is shared until the invitee accepts; roles change; a removed member loses
// access at once; each member keeps their own calendar colour; bad input is a 400 naming the
// field, a non-owner's sharing call a 403 and an outsider's a 404.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { BoardSummary, CalendarSummary, Invitation, Member } from '../contracts/live.ts';
import { json, ownIds, share, team, type Account } from '../live/testing/accounts.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = (who: Account, path: string, body: unknown) =>
  server.call('POST', path, { token: who.token, body });
const get = (who: Account, path: string) => server.call('GET', path, { token: who.token });
const boardsOf = async (who: Account) =>
  (await json<{ boards: BoardSummary[] }>(await get(who, '/api/kanban/boards'))).body.boards;
const calendarsOf = async (who: Account) =>
  (await json<{ calendars: CalendarSummary[] }>(await get(who, '/api/calendars'))).body.calendars;

describe('sharing a board', () => {
  it('grants nothing until accepted, then lists the board with the role; decline removes it', async () => {
    const owner = await server.createUser({ firstName: 'Ann' });
    const bob = await server.createUser({ firstName: 'Bob' });
    const { boardId } = await ownIds(server, owner);
    await post(owner, '/api/kanban/columns/new', { boardId, name: 'Todo' });

    const invited = await post(owner, '/api/sharing/invite', {
      kind: 'board',
      id: boardId,
      email: bob.user.email.toUpperCase(),
      role: 'editor',
    });
    expect(invited.status).toBe(201);
    expect(((await invited.json()) as { member: Member }).member).toMatchObject({
      id: bob.user.id,
      role: 'editor',
      status: 'pending',
    });
    // the invitee is told by mail
    const mail = server.mailer.sent.at(-1)!;
    expect(mail.to).toBe(bob.user.email);
    expect(mail.subject).toContain('Ann');
    expect(mail.text).toContain('/dashboard/kanban');

    // pending: not listed, not readable, not writable
    expect((await boardsOf(bob)).map((b) => b.id)).not.toContain(boardId);
    expect((await get(bob, `/api/kanban/boards/${boardId}`)).status).toBe(404);
    const invitations = await json<{ invitations: Invitation[] }>(
      await get(bob, '/api/sharing/invitations'),
    );
    expect(invitations.body.invitations).toMatchObject([
      { kind: 'board', id: boardId, role: 'editor', owner: { id: owner.user.id } },
    ]);

    const accepted = await json<{ board: BoardSummary }>(
      await post(bob, '/api/sharing/accept', { kind: 'board', id: boardId }),
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.board).toMatchObject({ id: boardId, role: 'editor' });
    expect((await boardsOf(bob)).map((b) => [b.id === boardId, b.role])).toEqual([
      [false, 'owner'],
      [true, 'editor'],
    ]);
    const read = await json<{ board: { role: string; columnOrder: string[] } }>(
      await get(bob, `/api/kanban/boards/${boardId}`),
    );
    expect(read.body.board.role).toBe('editor');
    expect(read.body.board.columnOrder).toHaveLength(1);
    expect((await get(bob, '/api/sharing/invitations')).status).toBe(200);
    expect(
      (await json<{ invitations: unknown[] }>(await get(bob, '/api/sharing/invitations'))).body
        .invitations,
    ).toEqual([]);

    // a second person declines
    const cat = await server.createUser();
    await post(owner, '/api/sharing/invite', {
      kind: 'board',
      id: boardId,
      email: cat.user.email,
      role: 'viewer',
    });
    expect((await post(cat, '/api/sharing/decline', { kind: 'board', id: boardId })).status).toBe(
      200,
    );
    expect((await post(cat, '/api/sharing/accept', { kind: 'board', id: boardId })).status).toBe(
      404,
    );
    const members = await json<{ members: Member[] }>(
      await get(owner, `/api/sharing/members?kind=board&id=${boardId}`),
    );
    expect(members.body.members.map((m) => [m.id, m.role, m.status])).toEqual([
      [owner.user.id, 'owner', 'accepted'],
      [bob.user.id, 'editor', 'accepted'],
    ]);
  });

  it('answers ?since= with unchanged while the board has not moved', async () => {
    const { owner, editor, boardId } = await team(server);
    const first = await json<{ board: { cursor: number } }>(
      await get(editor, `/api/kanban/boards/${boardId}`),
    );
    const cursor = first.body.board.cursor;
    expect(
      await (await get(editor, `/api/kanban/boards/${boardId}?since=${cursor}`)).json(),
    ).toEqual({ unchanged: true, cursor });
    await post(owner, '/api/kanban/columns/new', { boardId, name: 'New' });
    const moved = await json<{ board: { cursor: number; columnOrder: string[] } }>(
      await get(editor, `/api/kanban/boards/${boardId}?since=${cursor}`),
    );
    expect(moved.body.board.cursor).toBe(cursor + 1);
    expect(moved.body.board.columnOrder).toHaveLength(1);
    expect((await get(editor, `/api/kanban/boards/${boardId}?since=x`)).status).toBe(400);
    expect((await get(editor, '/api/kanban/boards/not-a-uuid')).status).toBe(400);
  });

  it('changes a role and removes a member, who loses access at once', async () => {
    const { owner, editor, viewer, boardId, calendarId } = await team(server);
    const col = crypto.randomUUID();
    expect(
      (await post(editor, '/api/kanban/columns/new', { id: col, boardId, name: 'E' })).status,
    ).toBe(201);

    const demoted = await post(owner, '/api/sharing/role', {
      kind: 'board',
      id: boardId,
      userId: editor.user.id,
      role: 'viewer',
    });
    expect(demoted.status).toBe(200);
    expect((await post(editor, '/api/kanban/columns/delete', { columnId: col })).status).toBe(403);

    const removed = await post(owner, '/api/sharing/remove', {
      kind: 'board',
      id: boardId,
      userId: viewer.user.id,
    });
    expect(removed.status).toBe(200);
    expect((await get(viewer, `/api/kanban/boards/${boardId}`)).status).toBe(404);
    expect((await boardsOf(viewer)).map((b) => b.id)).not.toContain(boardId);
    // the calendar share is separate and stays
    expect((await calendarsOf(viewer)).map((c) => c.id)).toContain(calendarId);

    // a member leaves on their own
    expect(
      (
        await post(editor, '/api/sharing/remove', {
          kind: 'board',
          id: boardId,
          userId: editor.user.id,
        })
      ).status,
    ).toBe(200);
    expect((await get(editor, `/api/kanban/boards/${boardId}`)).status).toBe(404);
  });

  it('lets only the owner share: 403 for members, 404 for outsiders, 400/404/409 naming the field', async () => {
    const { owner, editor, viewer, outsider, boardId } = await team(server);
    const target = { kind: 'board', id: boardId };
    const someone = await server.createUser();
    for (const [who, status] of [
      [editor, 403],
      [viewer, 403],
      [outsider, 404],
    ] as const) {
      expect(
        (
          await post(who, '/api/sharing/invite', {
            ...target,
            email: someone.user.email,
            role: 'viewer',
          })
        ).status,
      ).toBe(status);
      expect(
        (
          await post(who, '/api/sharing/role', {
            ...target,
            userId: viewer.user.id,
            role: 'editor',
          })
        ).status,
      ).toBe(status);
    }
    expect(
      (await post(viewer, '/api/sharing/remove', { ...target, userId: editor.user.id })).status,
    ).toBe(403);
    expect((await get(outsider, `/api/sharing/members?kind=board&id=${boardId}`)).status).toBe(404);

    const cases: [unknown, string, number][] = [
      [{ ...target, email: 'not an email', role: 'viewer' }, 'email', 400],
      [{ ...target, email: someone.user.email, role: 'owner' }, 'role', 400],
      [{ kind: 'folder', id: boardId, email: someone.user.email, role: 'viewer' }, 'kind', 400],
      [{ kind: 'board', id: 'x', email: someone.user.email, role: 'viewer' }, 'id', 400],
      [{ ...target, email: 'nobody@nowhere.example', role: 'viewer' }, 'email', 404],
      [{ ...target, email: editor.user.email, role: 'viewer' }, 'email', 409],
      [{ ...target, email: owner.user.email, role: 'viewer' }, 'email', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await json<{ fields?: Record<string, string> }>(
        await post(owner, '/api/sharing/invite', body),
      );
      expect(res.status, field).toBe(status);
      expect(res.body.fields, field).toHaveProperty(field);
    }
    const badRole = await json<{ fields?: object }>(
      await post(owner, '/api/sharing/role', {
        ...target,
        userId: someone.user.id,
        role: 'viewer',
      }),
    );
    expect(badRole.status).toBe(404);
    expect(badRole.body.fields).toHaveProperty('userId');
    const badQuery = await json<{ fields?: object }>(
      await get(owner, '/api/sharing/members?kind=board'),
    );
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.fields).toHaveProperty('id');
  });
});

describe('sharing a calendar', () => {
  it('lists it with each member’s own colour and shown flag, and reads its events', async () => {
    const { owner, viewer, outsider, calendarId } = await team(server);
    const made = await post(owner, '/api/calendar/events/new', {
      title: 'Standup',
      start: '2030-03-01T09:00:00Z',
      end: '2030-03-01T09:15:00Z',
    });
    expect(made.status).toBe(201);
    const shared = (await calendarsOf(viewer)).find((c) => c.id === calendarId)!;
    expect(shared).toMatchObject({ role: 'viewer', shown: true, owner: { id: owner.user.id } });

    const set = await json<{ calendar: CalendarSummary }>(
      await post(viewer, '/api/calendars/settings', { calendarId, color: '#ff0000', shown: false }),
    );
    expect(set.status).toBe(200);
    expect(set.body.calendar).toMatchObject({ color: '#FF0000', shown: false });
    // the owner's view of their own calendar is untouched
    expect((await calendarsOf(owner))[0]).toMatchObject({ id: calendarId, shown: true });
    expect((await calendarsOf(owner))[0]!.color).not.toBe('#FF0000');

    const events = await json<{ events: { title: string; calendarId: string }[]; cursor: number }>(
      await get(viewer, `/api/calendar/events?calendarId=${calendarId}`),
    );
    expect(events.body.events.map((e) => [e.title, e.calendarId])).toEqual([
      ['Standup', calendarId],
    ]);
    expect(events.body.cursor).toBeGreaterThan(0);
    expect((await get(outsider, `/api/calendar/events?calendarId=${calendarId}`)).status).toBe(404);
    expect(
      (await post(outsider, '/api/calendars/settings', { calendarId, shown: false })).status,
    ).toBe(404);
    for (const [body, field] of [
      [{ calendarId, color: 'red' }, 'color'],
      [{ calendarId }, 'color'],
      [{ calendarId: 'x', shown: true }, 'calendarId'],
      [{ calendarId, shown: 'yes' }, 'shown'],
    ] as const) {
      const res = await json<{ fields?: object }>(
        await post(viewer, '/api/calendars/settings', body),
      );
      expect(res.status, field).toBe(400);
      expect(res.body.fields, field).toHaveProperty(field);
    }
  });

  it('replays a queued colour and shown change once, alone or in a batch', async () => {
    const owner = await server.createUser();
    const viewer = await server.createUser();
    const { calendarId } = await ownIds(server, owner);
    await share(server, owner, viewer, 'calendar', calendarId, 'viewer');
    const clientId = crypto.randomUUID();
    const changes = [{ color: '#ff0000' }, { shown: false }, { color: '#00ff00' }].map(
      (settings, i) => ({
        key: `${clientId}:${i + 1}`,
        method: 'POST',
        path: '/api/calendars/settings',
        body: JSON.stringify({ calendarId, ...settings }),
      }),
    );
    const first = changes[0]!;
    const alone = await server.call('POST', first.path, {
      token: viewer.token,
      body: first.body,
      headers: { 'Idempotency-Key': first.key },
    });
    expect(alone.status).toBe(200);
    const batch = await json<{ results: { status: number; replayed: boolean }[] }>(
      await server.call('POST', '/api/sync/batch', { token: viewer.token, body: { changes } }),
    );
    expect(batch.body.results.map((r) => [r.status, r.replayed])).toEqual([
      [200, true],
      [200, false],
      [200, false],
    ]);
    // the first change sent again is answered from the store: the later colour stays
    const again = await server.call('POST', first.path, {
      token: viewer.token,
      body: first.body,
      headers: { 'Idempotency-Key': first.key },
    });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const mine = (await calendarsOf(viewer)).find((c) => c.id === calendarId);
    expect(mine).toMatchObject({ color: '#00FF00', shown: false });
  });

  it('shares one calendar and not the other way round', async () => {
    const ann = await server.createUser();
    const ben = await server.createUser();
    const { calendarId } = await ownIds(server, ann);
    await share(server, ann, ben, 'calendar', calendarId, 'editor');
    const bens = await calendarsOf(ben);
    expect(bens.map((c) => c.role)).toEqual(['owner', 'editor']);
    expect((await calendarsOf(ann)).map((c) => c.role)).toEqual(['owner']);
  });
});
