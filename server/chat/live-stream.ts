// GET /api/chat/stream: the server-sent events of stream.ts for one signed-in user (mounted
// behind `requireUser` by routes/chat.ts). Guarantees:
// - the stream lives only as long as the session that opened it: before each delivery (every
//   wake) and every STREAM_RECHECK_MS, `sessionHolds` re-reads the user's row, and the stream
//   is closed once the token has expired, the user was banned, or signed out everywhere or
//   changed their password; the client's reconnect then gets 401;
// - a user holds at most STREAMS_PER_USER streams at once across all API processes (counted in
//   the database, see stream.ts); one more answers 429 `{ error }` with Retry-After.
import crypto from 'node:crypto';

import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';

import { currentUser, sessionHolds } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { streamQuery } from '../contracts/chat.ts';
import { ApiError, parseQuery, unauthorized } from '../lib/errors.ts';
import {
  claimStreamSlot,
  currentCursor,
  LOOKBACK,
  onNewRows,
  parseCursor,
  readSince,
  refreshStreamSlot,
  releaseStreamSlot,
  touchPresence,
} from './stream.ts';

const PING_MS = 15_000;
const PRESENCE_MS = 60_000;

export async function serveStream(c: Context<AppEnv>) {
  const { after, topics } = parseQuery(c, streamQuery);
  const wants = { chat: topics.includes('chat'), mail: topics.includes('mail') };
  const deps = c.var.deps;
  const db = deps.database.db;
  const userId = currentUser(c).id;
  const claims = c.var.claims;
  if (!claims) throw unauthorized();
  const recheckMs = deps.env.STREAM_RECHECK_MS;
  const resume = parseCursor(c.req.header('last-event-id') ?? after);
  // On resume, look back a little (the client de-duplicates by message id) so a row that
  // committed late is not skipped; a fresh stream starts at the current head.
  const floor = resume
    ? { chat: Math.max(0, resume.chat - LOOKBACK), mail: Math.max(0, resume.mail - LOOKBACK) }
    : await currentCursor(db);
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
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const cursor = { ...floor };
    const sent = { chat: new Set<number>(), mail: new Set<number>() };
    let pending = true;
    let wake = () => {};
    const unsubscribe = onNewRows(deps, () => {
      pending = true;
      wake();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake();
    });
    const id = () => `${cursor.chat}.${cursor.mail}`;
    const expiresAt = claims.exp * 1000;
    try {
      await stream.writeSSE({
        event: 'ready',
        id: id(),
        retry: 1000,
        data: JSON.stringify({ cursor: id() }),
      });
      await touchPresence(db, userId);
      let lastWrite = Date.now();
      let lastPresence = Date.now();
      let lastRecheck = Date.now();
      while (!stream.aborted && Date.now() < expiresAt) {
        if (pending) {
          pending = false;
          if (!(await sessionHolds(db, claims))) break;
          const batch = await readSince(
            db,
            userId,
            {
              chat: Math.max(floor.chat, cursor.chat - LOOKBACK),
              mail: Math.max(floor.mail, cursor.mail - LOOKBACK),
            },
            sent,
            wants,
          );
          for (const message of batch.messages) {
            sent.chat.add(message.seq);
            cursor.chat = Math.max(cursor.chat, message.seq);
            await stream.writeSSE({ event: 'message', id: id(), data: JSON.stringify(message) });
          }
          for (const mail of batch.mails) {
            sent.mail.add(mail.seq);
            cursor.mail = Math.max(cursor.mail, mail.seq);
            await stream.writeSSE({ event: 'mail', id: id(), data: JSON.stringify(mail) });
          }
          if (batch.messages.length + batch.mails.length > 0) lastWrite = Date.now();
          if (batch.messages.length >= 500 || batch.mails.length >= 500) pending = true;
          for (const seq of sent.chat) if (seq < cursor.chat - LOOKBACK) sent.chat.delete(seq);
          for (const seq of sent.mail) if (seq < cursor.mail - LOOKBACK) sent.mail.delete(seq);
        }
        const now = Date.now();
        if (now - lastRecheck >= recheckMs) {
          if (!(await sessionHolds(db, claims))) break;
          await refreshStreamSlot(db, userId, streamId);
          lastRecheck = now;
        }
        if (now - lastWrite >= PING_MS) {
          await stream.writeSSE({ event: 'ping', data: '' });
          lastWrite = now;
        }
        if (now - lastPresence >= PRESENCE_MS) {
          await touchPresence(db, userId);
          lastPresence = now;
        }
        if (!pending && !stream.aborted) {
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
        }
      }
    } finally {
      unsubscribe();
      // best effort: a row left behind (database gone at shutdown) stops counting once stale
      await releaseStreamSlot(db, userId, streamId).catch(() => undefined);
    }
  });
}
