// After a replay, the server's state is fetched back into Dexie, and the changes still queued
// are applied on top of it again ("rebase"), all in one transaction: the server wins for
// everything it has, and nothing the user did that is not delivered yet disappears. A change
// the server rejected is no longer queued, so this is also what restores the server's version.
import type { CalendarEvent } from '../../../server/contracts/calendar';
import type { KanbanBoard } from '../../../server/contracts/kanban';
import { db } from '../db';
import { applyChange, MIRROR_TABLES, type Change } from './changes';

export interface PullDeps {
  fetch: typeof fetch;
  url: (path: string) => string;
  token: () => string | null | Promise<string | null>;
  timeoutMs?: number;
}

async function getJson<T>(path: string, token: string, deps: PullDeps): Promise<T> {
  const response = await deps.fetch(deps.url(path), {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(deps.timeoutMs ?? 20_000),
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function writeServerState(events: CalendarEvent[], board: KanbanBoard): Promise<void> {
  await db.transaction('rw', [...MIRROR_TABLES(), db.outbox], async () => {
    await Promise.all([db.events.clear(), db.columns.clear(), db.cards.clear()]);
    await db.events.bulkPut(events);
    await db.columns.bulkPut(Object.values(board.columns));
    await db.cards.bulkPut(Object.values(board.cards));
    await db.meta.put({ key: 'columnOrder', value: board.columnOrder });
    const queued = await db.outbox
      .orderBy('seq')
      .filter((r) => r.status === 'queued' && !r.skip)
      .toArray();
    for (const row of queued) await applyChange({ op: row.op, body: row.body } as Change);
  });
}

/** Fetches events and the board and rebases the queue on them. Throws when offline. */
export async function pullServerState(deps: PullDeps): Promise<void> {
  const token = await deps.token();
  if (!token) return;
  const [{ events }, { board }] = await Promise.all([
    getJson<{ events: CalendarEvent[] }>('/api/calendar/events', token, deps),
    getJson<{ board: KanbanBoard }>('/api/kanban/board', token, deps),
  ]);
  await writeServerState(events, board);
  await db.meta.put({ key: 'lastSyncAt', value: Date.now() });
}
