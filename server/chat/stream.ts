// The realtime stream (server-sent events) that brings new chat messages and new mail to open
// clients. Nothing lives only in this process: each API process watches the database for rows
// with a `seq` above what a client has, so a message written through process A reaches a
// client connected to process B. One shared poller per database reads two maxima and wakes
// the connections only when something changed; each connection then reads its own user's
// rows. The poller is woken by the live bus (server/live/bus.ts) when a chat message or mailbox
// item commits, from any process, and checks at once, polling only every LISTENING_POLL_MS as
// a safety net. Event ids are "<chatSeq>.<mailSeq>", so a reconnect that sends
// `Last-Event-ID` (or `?after=`) resumes exactly where it stopped. Because concurrent inserts
// on PostgreSQL can commit slightly out of `seq` order, every read looks back LOOKBACK
// numbers and skips what it already sent.
// A stream holds only while the session that opened it does (routes/chat.ts re-checks it on
// each wake and every STREAM_RECHECK_MS). Open streams are counted per user in the database,
// so the STREAMS_PER_USER cap holds across processes: each stream keeps a row
// `stream:<userId>:<streamId>` in request_limits, its `window_start` refreshed at each timed
// re-check and the row deleted when the stream ends; a row not refreshed for three re-check
// periods (its process died) no longer counts.
import { and, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { ChatMessage } from '../contracts/chat.ts';
import type { Database } from '../db/client.ts';
import {
  chatMessages,
  chatParticipants,
  mailboxItems,
  requestLimits,
  users,
} from '../db/schema/index.ts';
import { loggableError } from '../lib/errors.ts';
import { subscribe } from '../live/bus.ts';
import { toMessage } from './conversations.ts';

export const POLL_MS = 250;
/** How often a process that LISTENs still checks, in case a notification was missed. */
export const LISTENING_POLL_MS = 2000;
export const LOOKBACK = 50;

type Wake = () => void;

interface Poller {
  listeners: Set<Wake>;
  timer: NodeJS.Timeout | null;
  last: string;
  ticking: boolean;
  /** a notification came during a tick: check again right after it */
  again: boolean;
  listening: 'no' | 'connecting' | 'yes';
  unlisten: (() => Promise<void>) | null;
}

const pollers = new WeakMap<Database, Poller>();

async function heads(db: Database) {
  const [chat] = await db
    .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)` })
    .from(chatMessages);
  const [mail] = await db
    .select({ seq: sql<number>`coalesce(max(${mailboxItems.seq}), 0)` })
    .from(mailboxItems);
  return { chat: Number(chat?.seq ?? 0), mail: Number(mail?.seq ?? 0) };
}

/**
 * Wakes this poller when a chat message or a mail is committed, from this process or another
 * one (the live bus, server/live/bus.ts: sent after commit, over LISTEN/NOTIFY on PostgreSQL),
 * so the poll slows to LISTENING_POLL_MS as a safety net. PGlite (one process) gets the same
 * in-process wake-ups.
 */
function listenFor(deps: AppDeps, p: Poller, check: () => void) {
  if (p.listening !== 'no') return;
  p.listening = 'yes';
  const off = subscribe(deps, (message) => {
    if (message.type === 'notice' && (message.feature === 'chat' || message.feature === 'mail'))
      check();
  });
  p.unlisten = () => {
    off();
    return Promise.resolve();
  };
}

/** Subscribes to "something new was written"; returns the unsubscribe function. */
export function onNewRows(deps: AppDeps, wake: Wake): () => void {
  const db = deps.database.db;
  let poller = pollers.get(db);
  if (!poller) {
    poller = {
      listeners: new Set(),
      timer: null,
      last: '',
      ticking: false,
      again: false,
      listening: 'no',
      unlisten: null,
    };
    pollers.set(db, poller);
  }
  const p = poller;
  const schedule = (ms: number) => {
    if (p.timer) clearTimeout(p.timer);
    p.timer = setTimeout(() => void tick(), ms);
  };
  const tick = async () => {
    p.timer = null;
    if (p.ticking) {
      p.again = true;
      return;
    }
    p.ticking = true;
    try {
      listenFor(deps, p, () => {
        if (p.listeners.size > 0) schedule(0);
      });
      const h = await heads(db);
      const key = `${h.chat}.${h.mail}`;
      if (key !== p.last) {
        p.last = key;
        for (const listener of p.listeners) listener();
      }
    } catch (error) {
      deps.log.warn('realtime poll failed', loggableError(error));
    } finally {
      p.ticking = false;
    }
    if (p.listeners.size === 0) {
      if (p.timer) clearTimeout(p.timer);
      p.timer = null;
      p.listening = 'no';
      const close = p.unlisten;
      p.unlisten = null;
      if (close) void close();
      return;
    }
    if (p.again) {
      p.again = false;
      schedule(0);
    } else if (!p.timer) {
      schedule(p.listening === 'yes' ? LISTENING_POLL_MS : POLL_MS);
    }
  };
  p.listeners.add(wake);
  if (!p.timer && !p.ticking) schedule(POLL_MS);
  return () => {
    p.listeners.delete(wake);
  };
}

export function parseCursor(value: string | undefined) {
  const match = /^(\d{1,15})(?:\.(\d{1,15}))?$/.exec(value ?? '');
  if (!match) return null;
  return { chat: Number(match[1]), mail: Number(match[2] ?? 0) };
}

export async function currentCursor(db: Database) {
  return heads(db);
}

export interface StreamBatch {
  messages: ChatMessage[];
  mails: { mailId: string; seq: number }[];
}

/**
 * Reads rows above `from` (the resume point, or the highest sent minus LOOKBACK) that were not
 * sent yet: chat messages in the user's conversations and mail delivered to their inbox.
 */
export async function readSince(
  db: Database,
  userId: string,
  from: { chat: number; mail: number },
  sent: { chat: Set<number>; mail: Set<number> },
  wants: { chat: boolean; mail: boolean } = { chat: true, mail: true },
): Promise<StreamBatch> {
  const rows = !wants.chat
    ? []
    : await db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(
          chatParticipants,
          and(
            eq(chatParticipants.conversationId, chatMessages.conversationId),
            eq(chatParticipants.userId, userId),
          ),
        )
        .where(gt(chatMessages.seq, from.chat))
        .orderBy(chatMessages.seq)
        .limit(500);
  const mails = !wants.mail
    ? []
    : await db
        .select({ mailId: mailboxItems.id, seq: mailboxItems.seq })
        .from(mailboxItems)
        .where(
          and(
            eq(mailboxItems.ownerId, userId),
            inArray(mailboxItems.folder, ['inbox']),
            gt(mailboxItems.seq, from.mail),
          ),
        )
        .orderBy(mailboxItems.seq)
        .limit(500);
  return {
    messages: rows.map((r) => toMessage(r.message)).filter((m) => !sent.chat.has(m.seq)),
    mails: mails.filter((m) => !sent.mail.has(m.seq)),
  };
}

export async function touchPresence(db: Database, userId: string) {
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, userId));
}

const slotKey = (userId: string, streamId: string) => `stream:${userId}:${streamId}`;

/**
 * Registers an open stream for the user; false (and nothing kept) when the user already has
 * `cap` live ones. Rows not refreshed within `staleMs` are dropped first.
 */
export async function claimStreamSlot(
  db: Database,
  userId: string,
  streamId: string,
  cap: number,
  staleMs: number,
): Promise<boolean> {
  const prefix = `stream:${userId}:%`;
  await db
    .delete(requestLimits)
    .where(
      and(
        like(requestLimits.key, prefix),
        lt(
          requestLimits.windowStart,
          sql`now() - ${`${Math.ceil(staleMs)} milliseconds`}::interval`,
        ),
      ),
    );
  await db.insert(requestLimits).values({ key: slotKey(userId, streamId), count: 1 });
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(requestLimits)
    .where(like(requestLimits.key, prefix));
  if (Number(row?.n ?? 0) <= cap) return true;
  await releaseStreamSlot(db, userId, streamId);
  return false;
}

export async function refreshStreamSlot(db: Database, userId: string, streamId: string) {
  await db
    .update(requestLimits)
    .set({ windowStart: sql`now()` })
    .where(eq(requestLimits.key, slotKey(userId, streamId)));
}

export async function releaseStreamSlot(db: Database, userId: string, streamId: string) {
  await db.delete(requestLimits).where(eq(requestLimits.key, slotKey(userId, streamId)));
}
