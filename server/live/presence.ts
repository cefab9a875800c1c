// Who is looking at a board, and which card each has open (docs/live.md). A tab showing a board
// sends heartbeats (POST /api/live/presence) at least every PRESENCE_HEARTBEAT_MS; its row in
// live_presence is refreshed each time and counts for PRESENCE_TTL_MS. A leave deletes it at
// once; a tab closed without one is swept once its row is older than the time-to-live (every
// SWEEP_MS, by whichever API process deletes it first: the delete is the claim, so a change is
// announced once). A person with several tabs shows once, with the card of their latest tab.
// Presence is announced (after commit) only when what the viewers see changes: a tab arriving,
// leaving or opening another card, not on each heartbeat.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppDeps } from '../context.ts';
import {
  PRESENCE_TTL_MS,
  type presenceLeaveSchema,
  type presenceSchema,
  type Viewer,
} from '../contracts/live.ts';
import type { Executor } from '../db/client.ts';
import { livePresence, users } from '../db/schema/index.ts';
import { loggableError } from '../lib/errors.ts';
import { requireRead, type Actor } from './access.ts';
import { afterCommit, announce } from './bus.ts';
import { displayName } from './people.ts';

export const SWEEP_MS = 5_000;
const ttl = sql`now() - ${`${PRESENCE_TTL_MS} milliseconds`}::interval`;

export async function viewersOf(tx: Executor, boardId: string): Promise<Viewer[]> {
  const rows = await tx
    .select({
      userId: livePresence.userId,
      cardId: livePresence.cardId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(livePresence)
    .innerJoin(users, eq(users.id, livePresence.userId))
    .where(and(eq(livePresence.boardId, boardId), gt(livePresence.seenAt, ttl)))
    .orderBy(desc(livePresence.seenAt));
  const seen = new Map<string, Viewer>();
  for (const r of rows)
    if (!seen.has(r.userId))
      seen.set(r.userId, { userId: r.userId, name: displayName(r), cardId: r.cardId });
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId),
  );
}

/** Who is looking at a board the user may see now; 404 for a board the user may not see. */
export async function boardViewers(tx: Executor, user: Actor, boardId: string) {
  await requireRead(tx, 'board', boardId, user);
  return viewersOf(tx, boardId);
}

const same = (a: Viewer[], b: Viewer[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a tab's presence change on a board the user may see (404 otherwise) and announces the
 * board's viewers if what they see changed; returns the viewers.
 */
async function changePresence(
  tx: Executor,
  user: Actor,
  boardId: string,
  change: () => Promise<unknown>,
): Promise<Viewer[]> {
  await requireRead(tx, 'board', boardId, user);
  const before = await viewersOf(tx, boardId);
  await change();
  const after = await viewersOf(tx, boardId);
  if (!same(before, after)) announce({ type: 'presence', boardId, viewers: after });
  return after;
}

export function heartbeat(tx: Executor, user: Actor, input: z.infer<typeof presenceSchema>) {
  return changePresence(tx, user, input.boardId, () =>
    tx
      .insert(livePresence)
      .values({ boardId: input.boardId, userId: user.id, tabId: input.tabId, cardId: input.cardId })
      .onConflictDoUpdate({
        target: [livePresence.boardId, livePresence.userId, livePresence.tabId],
        set: { cardId: input.cardId, seenAt: sql`now()` },
      }),
  );
}

export function leave(tx: Executor, user: Actor, input: z.infer<typeof presenceLeaveSchema>) {
  return changePresence(tx, user, input.boardId, () =>
    tx
      .delete(livePresence)
      .where(
        and(
          eq(livePresence.boardId, input.boardId),
          eq(livePresence.userId, user.id),
          eq(livePresence.tabId, input.tabId),
        ),
      ),
  );
}

/** Deletes the rows past their time-to-live and announces the boards whose viewers changed. */
export async function sweep(deps: AppDeps): Promise<number> {
  return afterCommit(deps, () =>
    deps.database.db.transaction(async (tx) => {
      const gone = await tx
        .delete(livePresence)
        .where(lt(livePresence.seenAt, ttl))
        .returning({ boardId: livePresence.boardId });
      const boards = [...new Set(gone.map((g) => g.boardId))];
      for (const boardId of boards)
        announce({ type: 'presence', boardId, viewers: await viewersOf(tx, boardId) });
      return boards.length;
    }),
  );
}

const sweepers = new WeakMap<object, NodeJS.Timeout>();

/** Starts this process's sweeper (once per database); it does not keep the process alive. */
export function startPresenceSweeper(deps: AppDeps) {
  if (sweepers.has(deps.database.db)) return;
  const timer = setInterval(() => {
    sweep(deps).catch((error: unknown) =>
      deps.log.warn('presence sweep failed', loggableError(error)),
    );
  }, SWEEP_MS);
  timer.unref();
  sweepers.set(deps.database.db, timer);
}

/** Stops the sweeper (tests closing their database). */
export function stopPresenceSweeper(deps: AppDeps) {
  const timer = sweepers.get(deps.database.db);
  if (timer) clearInterval(timer);
  sweepers.delete(deps.database.db);
}
