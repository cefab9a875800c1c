// The one local database (Dexie over IndexedDB). It mirrors the server data the offline
// pages need — mail, chat, calendar, kanban, cart — and holds the sync queue (`outbox`) and
// `meta` (client id, sequence counter, a copy of the access token for the service worker).
// Pages read it through `useLiveQuery`; network responses are written into it. Every table
// except `meta`'s device keys is per user and is wiped on logout (`wipeUserData`).
//
// Schema changes before the first release are made in version 1; after it, add a version.
import Dexie, { type EntityTable } from 'dexie';

import type { CalendarEvent } from '../../server/contracts/calendar';
import type { KanbanCard, KanbanColumn } from '../../server/contracts/kanban';

/** Rows are stored as the server sends them; each feature narrows the type it reads. */
export interface Row {
  id: string;
  [key: string]: unknown;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** A calendar event as the server sends it (`updatedAt` is absent until the server saw it). */
export type EventRow = Omit<CalendarEvent, 'updatedAt'> & { updatedAt?: string };
/** A kanban column with its ordered card ids (spec point 3); the board's order is `meta.columnOrder`. */
export type ColumnRow = KanbanColumn;
export type CardRow = Omit<KanbanCard, 'createdAt' | 'updatedAt'> & {
  createdAt?: string;
  updatedAt?: string;
};

/**
 * One queued change of the sync queue (ARCHITECTURE §5). `op` names the API call, `body` is
 * exactly what is POSTed, `clientId:seq` is its Idempotency-Key. `queued` rows are replayed in
 * `seq` order; `rejected` ones (a 4xx) wait for the user to retry or discard them; a `skip` row
 * is a change the user discarded before it was sent (its seq is spent on /api/sync/skip).
 */
export interface OutboxRow {
  /** per-client sequence number; also the primary key, so the queue is ordered by it */
  seq: number;
  clientId: string;
  op: string;
  body: Record<string, unknown>;
  status: 'queued' | 'rejected';
  /** a change the user discarded before it was sent: replayed as a no-op to keep seqs dense */
  skip?: boolean;
  attempts: number;
  /** epoch ms before which the head of the queue is not retried (backoff) */
  nextAttemptAt: number;
  createdAt: number;
  /** the server's refusal (rejected rows) or the last transient failure */
  error?: string;
  httpStatus?: number;
}

export class ClipdeckDb extends Dexie {
  mails!: EntityTable<Row, 'id'>;
  mailLabels!: EntityTable<Row, 'id'>;
  conversations!: EntityTable<Row, 'id'>;
  contacts!: EntityTable<Row, 'id'>;
  events!: EntityTable<EventRow, 'id'>;
  columns!: EntityTable<ColumnRow, 'id'>;
  cards!: EntityTable<CardRow, 'id'>;
  cart!: EntityTable<Row, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'clipdeck') {
    super(name);
    this.version(1).stores({
      mails: 'id, labelIds*, createdAt',
      mailLabels: 'id',
      conversations: 'id, updatedAt',
      contacts: 'id',
      events: 'id, start',
      columns: 'id',
      cards: 'id, columnId',
      cart: 'id',
      outbox: 'seq, status',
      meta: 'key',
    });
  }
}

export const db = new ClipdeckDb();

/** Tables holding the signed-in user's data; cleared on logout. */
export const USER_TABLES = [
  'mails',
  'mailLabels',
  'conversations',
  'contacts',
  'events',
  'columns',
  'cards',
  'cart',
  'outbox',
] as const;

/** Meta keys that belong to the user (the device keys such as `clientId` survive logout). */
export const USER_META_KEYS = [
  'accessToken',
  'columnOrder',
  'lastSyncAt',
  'userId',
  'syncClient',
  'syncPausedToken',
] as const;

export async function wipeUserData(): Promise<void> {
  await db.transaction('rw', [...USER_TABLES.map((t) => db.table(t)), db.meta], async () => {
    await Promise.all(USER_TABLES.map((t) => db.table(t).clear()));
    await db.meta.bulkDelete([...USER_META_KEYS]);
  });
}
