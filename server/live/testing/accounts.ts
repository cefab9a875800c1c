// Shared by the sharing, permission, merge and stream tests: users who share a board and a
// calendar, made through the API as a person would.
import type { ShareKind } from '../../contracts/live.ts';
import type { TestServer } from '../../testing/test-server.ts';

export type Account = Awaited<ReturnType<TestServer['createUser']>>;

export async function json<T = Record<string, unknown>>(res: Response) {
  return { status: res.status, body: (await res.json()) as T };
}

export async function ownIds(server: TestServer, owner: Account) {
  const boards = await json<{ boards: { id: string }[] }>(
    await server.call('GET', '/api/kanban/boards', { token: owner.token }),
  );
  const calendars = await json<{ calendars: { id: string }[] }>(
    await server.call('GET', '/api/calendars', { token: owner.token }),
  );
  return { boardId: boards.body.boards[0]!.id, calendarId: calendars.body.calendars[0]!.id };
}

/** Invites `member` and has them accept; returns nothing, throws on any refusal. */
export async function share(
  server: TestServer,
  owner: Account,
  member: Account,
  kind: ShareKind,
  id: string,
  role: 'editor' | 'viewer',
) {
  const invited = await server.call('POST', '/api/sharing/invite', {
    token: owner.token,
    body: { kind, id, email: member.user.email, role },
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${await invited.text()}`);
  const accepted = await server.call('POST', '/api/sharing/accept', {
    token: member.token,
    body: { kind, id },
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
}

/** The owner, an editor and a viewer on one board and one calendar, plus an outsider. */
export async function team(server: TestServer) {
  const owner = await server.createUser({ firstName: 'Olga', lastName: 'Owner' });
  const editor = await server.createUser({ firstName: 'Eddie', lastName: 'Editor' });
  const viewer = await server.createUser({ firstName: 'Vera', lastName: 'Viewer' });
  const outsider = await server.createUser({ firstName: 'Otto', lastName: 'Outsider' });
  const { boardId, calendarId } = await ownIds(server, owner);
  for (const [member, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    await share(server, owner, member, 'board', boardId, role);
    await share(server, owner, member, 'calendar', calendarId, role);
  }
  return { owner, editor, viewer, outsider, boardId, calendarId };
}
