// The one local database (Dexie over IndexedDB). Its own tables are the sync queue (`outbox`)
// and `meta` (client id, sequence counter, a copy of the access token for the service worker);
// the mirrored features' tables are declared up front by src/app (./db-stores.ts), each
// feature's schema in its own folder, and read through typed accessors (`mirrorTable`).
//
// Guarantees:
// - Every table is declared before the database first opens, so no page can open it with a
//   partial schema, and opening it needs none of the features' code.
// - An installed database of an older version is upgraded with the sync registry loaded (the
//   upgrade computes each queued row's request from its operation): opening it waits for the
//   registry; a current or new database opens at once. Bump DB_VERSION only with a data
//   upgrade; Dexie adds a new table declared at the same version.
// - Logout wipes every table but `meta`'s device keys (`wipeUserData`).
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';

import { mirrorStores, type MirrorStore } from './db-stores';
import type { QueuedRow } from './sync/protocol';
import { loadSyncRegistry } from './sync/registry-source';

export interface MetaRow {
  key: string;
  value: unknown;
}

/** One queued change: the protocol's row plus what the page needs to show it and apply it
 *  again on top of the server's state (`op`, a name from the sync registry). */
export interface OutboxRow extends QueuedRow {
  op: string;
  createdAt: number;
}

const DB_NAME = 'clipdeck';
/** 2: outbox rows carry their request (version 1 stored `op` + `body` only). */
export const DB_VERSION = 2;
const CORE_TABLES = { outbox: 'seq, status', meta: 'key' };

/** Whether an older version of the database is installed (then the registry's upgrade runs):
 *  read without opening it; where the browser cannot tell, assumed. */
async function olderVersionInstalled(name: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    const installed = (await indexedDB.databases()).find((d) => d.name === name);
    // Dexie's IndexedDB version is its own version times ten
    return installed?.version !== undefined && installed.version < DB_VERSION * 10;
  } catch {
    return true;
  }
}

export class ClipdeckDb extends Dexie {
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  private upgradeDone!: () => void;
  private readonly upgradeReady = new Promise<void>((resolve) => (this.upgradeDone = resolve));
  private opening: ReturnType<Dexie['open']> | null = null;
  /** Dexie's own open has begun: from then on (opening or open) no version may be added. */
  private dexieOpening = false;

  constructor(name = DB_NAME) {
    super(name);
    const tables = Object.assign({}, ...mirrorStores().map((store) => store.tables)) as Record<string, string>;
    this.version(DB_VERSION).stores({ ...CORE_TABLES, ...tables });
  }

  /** Adds a store to the schema, before the database opens (a feature that exists only in
   *  tests declares its own this way). */
  declareStore({ tables, metaKeys = [] }: MirrorStore) {
    for (const key of metaKeys) if (!USER_META_KEYS.includes(key)) USER_META_KEYS.push(key);
    const missing = Object.keys(tables).filter((name) => !this.tables.some((t) => t.name === name));
    if (!missing.length) return;
    if (this.isOpen()) throw new Error(`Table ${missing.join(', ')} declared after the database opened.`);
    this.version(DB_VERSION).stores(tables);
  }

  /** Called once the registry is installed: the upgrade of an older database can run. */
  completeSchema(upgradeOutbox: (tx: Transaction) => Promise<void>) {
    // once Dexie opens the database (it did not wait: nothing older was installed) a version
    // added now would throw; the upgrade is then not needed
    if (!this.dexieOpening) this.version(DB_VERSION).upgrade(upgradeOutbox);
    this.upgradeDone();
  }

  /** Waits for the registry only when an older database must be upgraded (see the header). */
  override open() {
    this.opening ??= Dexie.Promise.resolve(olderVersionInstalled(this.name))
      .then((older) => {
        if (!older) return;
        // installing the registry completes the schema (a failed load fails this open)
        return loadSyncRegistry().then(() => this.upgradeReady);
      })
      .then(() => {
        this.dexieOpening = true;
        return super.open();
      });
    return this.opening.catch((error: unknown) => {
      this.opening = null;
      this.dexieOpening = false;
      throw error;
    });
  }

  override close(options?: { disableAutoOpen: boolean }) {
    this.opening = null;
    this.dexieOpening = false;
    super.close(options);
  }
}

export const db = new ClipdeckDb();

/** A mirrored feature's table, by the name its schema declares (./db-stores.ts), typed. */
export function mirrorTable<Row, Key extends keyof Row & string>(name: string) {
  const table = () => db.table(name) as EntityTable<Row, Key>;
  return Object.assign(table, { tableName: name });
}
/** A feature table as the registry sees it (untyped: each feature reads its own typed one). */
export interface MirrorTable {
  (): Table;
  tableName: string;
}

/** Meta keys that belong to the user (the device keys such as `clientId` survive logout), the
 *  mirrored features' among them. */
export const USER_META_KEYS = [
  'accessToken',
  'lastSyncAt',
  'pulledAt',
  'userId',
  'syncClient',
  'syncPausedToken',
  ...mirrorStores().flatMap((store) => store.metaKeys ?? []),
];

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Clears every store of the installed database (whatever features declared it) but meta's
 *  device keys, without waiting for the registry: sign-in and logout pages do not load it. */
async function wipeInstalled(factory: IDBFactory): Promise<void> {
  const request = factory.open(DB_NAME);
  let created = false;
  request.onupgradeneeded = () => {
    created = true;
    request.transaction?.abort();
  };
  const database = await done(request).catch((error: unknown) => {
    if (created) return null;
    throw error;
  });
  if (!database) return;
  try {
    const names = [...database.objectStoreNames].filter((name) => name !== '$meta');
    if (!names.length) return;
    const tx = database.transaction(names, 'readwrite');
    for (const name of names) {
      const store = tx.objectStore(name);
      if (name === 'meta') for (const key of USER_META_KEYS) store.delete(key);
      else store.clear();
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('Wipe failed'));
    });
  } finally {
    database.close();
  }
}

export async function wipeUserData(): Promise<void> {
  if (!db.isOpen()) return wipeInstalled(indexedDB);
  // open here: through Dexie, so every live query on the page sees the wipe
  const tables = db.tables.filter((t) => t.name !== 'meta');
  await db.transaction('rw', [...tables, db.meta], async () => {
    await Promise.all(tables.map((t) => t.clear()));
    await db.meta.bulkDelete(USER_META_KEYS);
  });
}
