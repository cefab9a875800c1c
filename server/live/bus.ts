// The live bus: how a committed change becomes a notice on every open stream (docs/live.md).
//
// A write records what it changed with `announce(...)` while its transaction runs; nothing is
// sent then. `afterCommit(deps, fn)` runs a transaction and, once it has committed, hands the
// recorded messages to the bus (a failed transaction sends nothing). The bus coalesces notices
// per scope for COALESCE_MS (a burst of changes to one board is one notice carrying the latest
// cursor) and delivers them to this process's subscribers; on PostgreSQL it also sends them
// with `pg_notify` on a connection of its own, outside any writing transaction (a NOTIFY
// inside one takes a database-wide lock at commit), and LISTENs on the same channel so a change
// committed by another API process reaches this one's streams. Each process tags what it sends
// with its own id and ignores its own echo. PGlite runs in one process: the in-process bus is
// all there is.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { LiveFeature, LivePresence, Role } from '../contracts/live.ts';
import type { Database } from '../db/client.ts';
import { loggableError } from '../lib/errors.ts';

export const NOTICE_CHANNEL = 'clipdeck_live_notice';
export const COALESCE_MS = 50;

/** What goes over the bus. */
export type LiveMessage =
  | { type: 'notice'; feature: LiveFeature; scope: string; cursor: number }
  | ({ type: 'presence' } & LivePresence)
  /** a membership changed: the user's streams re-read what they may see */
  | {
      type: 'access';
      userId: string;
      feature: 'kanban' | 'calendar';
      scope: string;
      role: Role | null;
    };

type Listener = (message: LiveMessage) => void;

interface Bus {
  origin: string;
  listeners: Set<Listener>;
  pending: Map<string, LiveMessage>;
  timer: NodeJS.Timeout | null;
  listening: 'no' | 'connecting' | 'yes';
  unlisten: (() => Promise<void>) | null;
}

const buses = new WeakMap<Database, Bus>();

function busOf(deps: AppDeps): Bus {
  let bus = buses.get(deps.database.db);
  if (!bus) {
    bus = {
      origin: crypto.randomUUID(),
      listeners: new Set(),
      pending: new Map(),
      timer: null,
      listening: 'no',
      unlisten: null,
    };
    buses.set(deps.database.db, bus);
  }
  return bus;
}

const deliver = (bus: Bus, message: LiveMessage) => {
  for (const listener of bus.listeners) listener(message);
};

/** pg_notify payloads are limited to 8,000 bytes: a flush goes out in parts below that. */
const PAYLOAD_BYTES = 7000;

async function flush(deps: AppDeps, bus: Bus) {
  bus.timer = null;
  const messages = [...bus.pending.values()];
  bus.pending.clear();
  for (const message of messages) deliver(bus, message);
  if (deps.database.kind !== 'postgres' || messages.length === 0) return;
  const parts: LiveMessage[][] = [[]];
  let size = 0;
  for (const message of messages) {
    const bytes = JSON.stringify(message).length;
    if (size + bytes > PAYLOAD_BYTES && parts.at(-1)!.length > 0) {
      parts.push([]);
      size = 0;
    }
    parts.at(-1)!.push(message);
    size += bytes;
  }
  try {
    for (const part of parts) {
      const payload = JSON.stringify({ origin: bus.origin, messages: part });
      await deps.database.db.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${payload})`);
    }
  } catch (error) {
    deps.log.warn('live notice could not be sent to other processes', loggableError(error));
  }
}

const keyOf = (message: LiveMessage) =>
  message.type === 'notice'
    ? `n:${message.feature}:${message.scope}`
    : message.type === 'presence'
      ? `p:${message.boardId}`
      : `a:${message.userId}:${message.feature}:${message.scope}`;

/** Queues committed messages; they go out together COALESCE_MS after the first of a burst. */
export function publish(deps: AppDeps, messages: LiveMessage[]) {
  if (messages.length === 0) return;
  const bus = busOf(deps);
  for (const message of messages) {
    const key = keyOf(message);
    const held = bus.pending.get(key);
    // the latest cursor wins; cursors only grow per scope
    if (held?.type === 'notice' && message.type === 'notice' && held.cursor > message.cursor)
      continue;
    bus.pending.delete(key);
    bus.pending.set(key, message);
  }
  bus.timer ??= setTimeout(() => void flush(deps, bus), COALESCE_MS);
}

function listen(deps: AppDeps, bus: Bus) {
  const { listen: open } = deps.database;
  if (!open || bus.listening !== 'no') return;
  bus.listening = 'connecting';
  open(
    NOTICE_CHANNEL,
    (payload) => {
      try {
        const parsed = JSON.parse(payload ?? '') as { origin: string; messages: LiveMessage[] };
        if (parsed.origin === bus.origin) return;
        for (const message of parsed.messages) deliver(bus, message);
      } catch {
        deps.log.warn('live notice from another process could not be read');
      }
    },
    (error) => {
      deps.log.warn('live notice connection lost', error ? loggableError(error) : {});
      bus.listening = 'no';
      bus.unlisten = null;
      // streams stay subscribed: listen again while they do
      setTimeout(() => {
        if (bus.listeners.size > 0) listen(deps, bus);
      }, 1000).unref();
    },
  ).then(
    (close) => {
      if (bus.listening !== 'connecting' || bus.listeners.size === 0) {
        bus.listening = 'no';
        void close();
        return;
      }
      bus.listening = 'yes';
      bus.unlisten = close;
    },
    (error: unknown) => {
      deps.log.warn('live notice listen failed', loggableError(error));
      bus.listening = 'no';
      setTimeout(() => {
        if (bus.listeners.size > 0) listen(deps, bus);
      }, 1000).unref();
    },
  );
}

/** Subscribes to every message of this database (from any process); returns the unsubscribe. */
export function subscribe(deps: AppDeps, listener: Listener): () => void {
  const bus = busOf(deps);
  bus.listeners.add(listener);
  listen(deps, bus);
  return () => {
    bus.listeners.delete(listener);
    if (bus.listeners.size === 0 && bus.unlisten) {
      const close = bus.unlisten;
      bus.unlisten = null;
      bus.listening = 'no';
      void close();
    }
  };
}

/** Resolves once this process receives what other processes send (tests and benches wait on it). */
export async function listening(deps: AppDeps): Promise<void> {
  const bus = busOf(deps);
  if (!deps.database.listen) return;
  for (let i = 0; i < 200 && bus.listening !== 'yes'; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

// ---------------------------------------------------------------------------------------------
// After commit

const recorded = new AsyncLocalStorage<LiveMessage[]>();

/** Records a message of the running transaction; sent only once `afterCommit`'s work commits. */
export function announce(message: LiveMessage) {
  const queue = recorded.getStore();
  if (queue) queue.push(message);
}

/**
 * Runs `work` (which commits its own transaction) and then publishes what it announced. Nested
 * calls share the outermost queue, so a batch's changes go out when the batch's transaction has
 * committed.
 */
export async function afterCommit<T>(deps: AppDeps, work: () => Promise<T>): Promise<T> {
  if (recorded.getStore()) return work();
  const queue: LiveMessage[] = [];
  const result = await recorded.run(queue, work);
  publish(deps, queue);
  return result;
}

/**
 * "New chat messages" / "new mail": which user they are for is read by each stream (its own
 * user's rows since its cursor), so the bus carries one wake-up per feature.
 */
export const CHAT_NOTICE: LiveMessage = { type: 'notice', feature: 'chat', scope: '*', cursor: 0 };
export const MAIL_NOTICE: LiveMessage = { type: 'notice', feature: 'mail', scope: '*', cursor: 0 };
