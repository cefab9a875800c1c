// GET /api/live: one server-sent-events stream per tab for every feature (docs/live.md). It
// carries short notices `{ feature, scope, cursor }` (the client pulls by cursor), presence,
// and access changes, for the scopes the user sees: their boards and calendars (own and
// shared, accepted) and their own chat and mail.
//
// - Each event's id is the stream cursor: every scope's latest delivered cursor. A reconnect
//   sends it back (Last-Event-ID, or `?cursor=`), after a server restart too; the stream then
//   sends a notice for each scope whose cursor moved past it (or that it does not name), so a
//   client misses nothing and pulls nothing twice. Cursors live in the database (each board's and
//   calendar's `rev`, the chat and mail sequences), not in this process.
// - Notices come from the live bus (bus.ts), after commit, from any API process. Chat and mail
//   wake-ups are per feature: the stream reads its own user's latest sequence.
// - Access: when the user is removed from a board or calendar the bus says so and the stream
//   sends `revoked` and drops that scope at once; an accepted invitation adds it. Every
//   STREAM_RECHECK_MS the stream also re-reads the scopes (a safety net for a missed message).
// - The stream lives only as long as the session that opened it: the session is re-checked
//   before each delivery and every STREAM_RECHECK_MS, and the stream ends at the token's expiry
//   or once the user was banned, signed out everywhere or changed their password (the client's
//   reconnect then gets 401).
// - A user holds at most STREAMS_PER_USER streams at once across all API processes
//   (stream-slots.ts); one more answers 429 with Retry-After.
// - While a stream is open its user counts as online: at each timed re-check `lastSeenAt` is
//   set to now when it is older than ONLINE_TOUCH_MS (chat shows people active in the last two
//   minutes as online; STREAM_RECHECK_MS stays well below that).
import crypto from 'node:crypto';

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';

import { currentUser, sessionHolds } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  encodeStreamCursor,
  parseStreamCursor,
  scopeKey,
  type LiveFeature,
  type StreamCursor,
} from '../contracts/live.ts';
import type { Database } from '../db/client.ts';
import { chatMessages, chatParticipants, mailboxItems, users } from '../db/schema/index.ts';
import { ApiError, unauthorized } from '../lib/errors.ts';
import { subscribe, type LiveMessage } from './bus.ts';
import { startPresenceSweeper } from './presence.ts';
import { sessionStillHolds } from './session-checks.ts';
import { visibleScopes } from './sharing.ts';
import { claimStreamSlot, refreshStreamSlot, releaseStreamSlot } from './stream-slots.ts';

const PING_MS = 15_000;
const ONLINE_TOUCH_MS = 60_000;

/** Marks the user as active now, unless that was done less than ONLINE_TOUCH_MS ago. */
async function keepOnline(db: Database, userId: string) {
  const recent = sql`now() - ${`${ONLINE_TOUCH_MS} milliseconds`}::interval`;
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(users.id, userId), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, recent))));
}

async function personalCursors(db: Database, userId: string) {
  const [chat] = await db
    .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)` })
    .from(chatMessages)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.conversationId, chatMessages.conversationId),
        eq(chatParticipants.userId, userId),
      ),
    );
  const [mail] = await db
    .select({ seq: sql<number>`coalesce(max(${mailboxItems.seq}), 0)` })
    .from(mailboxItems)
    .where(and(eq(mailboxItems.ownerId, userId), eq(mailboxItems.folder, 'inbox')));
  return { chat: Number(chat?.seq ?? 0), mail: Number(mail?.seq ?? 0) };
}

/** Every scope the user sees and its current cursor. */
async function currentScopes(db: Database, userId: string): Promise<Map<string, number>> {
  const visible = await visibleScopes(db, { id: userId });
  const personal = await personalCursors(db, userId);
  const scopes = new Map<string, number>();
  for (const b of visible.kanban) scopes.set(scopeKey('kanban', b.id), b.cursor);
  for (const c of visible.calendar) scopes.set(scopeKey('calendar', c.id), c.cursor);
  scopes.set(scopeKey('chat', userId), personal.chat);
  scopes.set(scopeKey('mail', userId), personal.mail);
  return scopes;
}

const sessionEnded = new Error('the session that opened the stream no longer holds');

const splitKey = (key: string) => {
  const at = key.indexOf(':');
  return { feature: key.slice(0, at) as LiveFeature, scope: key.slice(at + 1) };
};

export async function serveLive(c: Context<AppEnv>) {
  const deps = c.var.deps;
  const db = deps.database.db;
  const userId = currentUser(c).id;
  const claims = c.var.claims;
  if (!claims) throw unauthorized();
  const given = parseStreamCursor(c.req.header('last-event-id') ?? c.req.query('cursor'));
  const recheckMs = deps.env.STREAM_RECHECK_MS;
  const streamId = crypto.randomUUID();
  const cap = deps.env.STREAMS_PER_USER;
  if (!(await claimStreamSlot(db, userId, streamId, cap, recheckMs * 3))) {
    throw new ApiError(
      429,
      `Too many live connections for this account (at most ${cap}). Close another tab or window and try again.`,
      undefined,
      { 'Retry-After': String(Math.ceil((recheckMs * 3) / 1000)) },
    );
  }
  startPresenceSweeper(deps);
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const delivered: StreamCursor = { ...given };
    const inbox: LiveMessage[] = [];
    let personal = false;
    let wake = () => {};
    let scopes = new Map<string, number>();
    const off = subscribe(deps, (message) => {
      if (message.type === 'notice' && (message.feature === 'chat' || message.feature === 'mail'))
        personal = true;
      else if (message.type === 'access' && message.userId !== userId) return;
      else inbox.push(message);
      wake();
    });
    stream.onAbort(() => {
      off();
      wake();
    });
    // nothing reaches a session that no longer holds, even when a change wakes the stream
    // before its timed re-check: the first event of each round checks it first (with the other
    // streams woken by the same change, session-checks.ts)
    let vouched = true;
    const send = async (event: string, data: unknown) => {
      if (!vouched) {
        if (!(await sessionStillHolds(db, claims))) throw sessionEnded;
        vouched = true;
      }
      await stream.writeSSE({
        event,
        id: encodeStreamCursor(delivered),
        data: JSON.stringify(data),
      });
    };
    /** Sends a notice if `cursor` is past what this client has. */
    const notice = async (key: string, cursor: number) => {
      if (key in delivered && delivered[key]! >= cursor) return false;
      delivered[key] = cursor;
      await send('notice', { ...splitKey(key), cursor });
      return true;
    };
    const revoke = async (key: string) => {
      scopes.delete(key);
      delete delivered[key];
      const { feature, scope } = splitKey(key);
      await send('revoked', { feature, scope });
    };
    /** Re-reads the scopes: notices for the moved ones, `revoked` for the ones gone. */
    const resync = async () => {
      const now = await currentScopes(db, userId);
      for (const key of scopes.keys()) if (!now.has(key)) await revoke(key);
      scopes = now;
      for (const [key, cursor] of now) await notice(key, cursor);
    };
    const expiresAt = claims.exp * 1000;
    try {
      await stream.writeSSE({ event: 'ready', retry: 1000, data: '{}' });
      // a client's cursor may name scopes it no longer sees: they are revoked at once
      scopes = new Map(Object.keys(given).map((key) => [key, given[key]!]));
      await resync();
      let lastWrite = Date.now();
      let lastRecheck = Date.now();
      while (!stream.aborted && Date.now() < expiresAt) {
        const before = lastWrite;
        vouched = false;
        if (personal) {
          personal = false;
          const now = await personalCursors(db, userId);
          if (await notice(scopeKey('chat', userId), now.chat)) lastWrite = Date.now();
          if (await notice(scopeKey('mail', userId), now.mail)) lastWrite = Date.now();
        }
        while (inbox.length > 0) {
          const message = inbox.shift()!;
          if (message.type === 'notice') {
            const key = scopeKey(message.feature, message.scope);
            if (scopes.has(key) && (await notice(key, message.cursor))) lastWrite = Date.now();
          } else if (message.type === 'presence') {
            if (!scopes.has(scopeKey('kanban', message.boardId))) continue;
            await send('presence', { boardId: message.boardId, viewers: message.viewers });
            lastWrite = Date.now();
          } else {
            const key = scopeKey(message.feature, message.scope);
            if (message.role === null) {
              if (scopes.has(key)) await revoke(key);
            } else {
              await resync();
              // a grant read after a later removal (both waiting in the inbox) is stale: the
              // re-read has already said `revoked`, and nothing more is said of that scope
              if (scopes.has(key))
                await send('access', {
                  feature: message.feature,
                  scope: message.scope,
                  role: message.role,
                });
            }
            lastWrite = Date.now();
          }
        }
        const now = Date.now();
        if (now - lastRecheck >= recheckMs) {
          if (!(await sessionHolds(db, claims))) break;
          vouched = true;
          await refreshStreamSlot(db, userId, streamId);
          await keepOnline(db, userId);
          await resync();
          lastRecheck = now;
        }
        if (now - lastWrite >= PING_MS) {
          await stream.writeSSE({ event: 'ping', data: '' });
          lastWrite = now;
        }
        if (inbox.length === 0 && !personal && !stream.aborted && lastWrite === before) {
          const sleep = Math.max(
            0,
            Math.min(PING_MS, lastRecheck + recheckMs - now, expiresAt - now),
          );
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, sleep);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => {};
        }
      }
    } catch (error) {
      if (error !== sessionEnded) throw error;
    } finally {
      off();
      await releaseStreamSlot(db, userId, streamId).catch(() => undefined);
    }
  });
}
