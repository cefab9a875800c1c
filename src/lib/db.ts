// The one local database (Dexie over IndexedDB). Its own tables are the sync queue (`outbox`)
// and `meta` (client id, sequence counter, a copy of the access token for the service worker);
// the mirrored features declare theirs in their own folder (`mirrorTable`, typed with the
// contracts of server/contracts), and the sync registry composed in src/app lists them.
//
// Guarantees:
// - The database never opens before the registry is installed (src/lib/sync/registry.ts):
//   every feature table is declared by then, so no page can open it with a partial schema,
//   and the upgrade of an older database can compute each queued row's request once.
// - Dexie 4 adds a table declared at the same version without a version bump: a new feature
//   needs no change here. Bump DB_VERSION only with a data upgrade.
// - Logout wipes every table but `meta`'s device keys (`wipeUserData`), including tables of
//   features whose code has not loaded on this page.
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';

import type { QueuedRow } from './sync/protocol';
import { loadSyncRegistry } from './sync/registry-source';

export interface MetaRow {
  key: string;
  value: unknown;
}

/** One queued change (ARCHITECTURE §5): the protocol's row plus what the page needs to show it
 *  and apply it again on top of the server's state (`op`, a name from the sync registry). */
export interface OutboxRow extends QueuedRow {
  op: string;
  createdAt: number;
}

const DB_NAME = 'clipdeck';
/** 2: outbox rows carry their request (version 1 stored `op` + `body` only). */
export const DB_VERSION = 2;
const CORE_TABLES = { outbox: 'seq, status', meta: 'key' };

export class ClipdeckDb extends Dexie {
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  private schemaDone!: () => void;
  private readonly schemaReady = new Promise<void>((resolve) => (this.schemaDone = resolve));
  private opening: ReturnType<Dexie['open']> | null = null;

  constructor(name = DB_NAME) {
    super(name);
    this.version(DB_VERSION).stores(CORE_TABLES);
  }

  /** Adds feature tables to the schema; only before the database opens. */
  declareTables(specs: Record<string, string>) {
    if (this.isOpen()) {
      const missing = Object.keys(specs).filter((name) => !this.tables.some((t) => t.name === name));
      if (missing.length)
        throw new Error(`Table ${missing.join(', ')} declared after the database opened: add its feature to the sync registry.`);
      return;
    }
    // Dexie makes new table objects for the whole schema when it grows; an operation started on
    // an earlier one (a page's query waiting for the registry) would then run on an object the
    // opened database never wires up. The earlier objects are kept, on the current schema.
    const earlier = this.tables;
    this.version(DB_VERSION).stores(specs);
    const current = (this as unknown as { _allTables: Record<string, Table> })._allTables;
    for (const table of earlier) {
      table.schema = current[table.name]!.schema;
      current[table.name] = table;
      Object.assign(this, { [table.name]: table });
    }
  }

  /** Called once the registry is installed: the schema is complete, the database may open. */
  completeSchema(upgradeOutbox: (tx: Transaction) => Promise<void>) {
    if (!this.isOpen()) this.version(DB_VERSION).upgrade(upgradeOutbox);
    this.schemaDone();
  }

  /** Waits for the registry (see the header) before the first open. */
  override open() {
    void loadSyncRegistry();
    this.opening ??= Dexie.Promise.resolve(this.schemaReady).then(() => super.open());
    return this.opening.catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
  }

  override close(options?: { disableAutoOpen: boolean }) {
    this.opening = null;
    super.close(options);
  }
}

export const db = new ClipdeckDb();

/** A feature's table: declared on import, read through the accessor (Dexie replaces its table
 *  objects when the schema grows, so a table object is never kept). */
export function mirrorTable<Row, Key extends keyof Row & string>(name: string, spec: string) {
  db.declareTables({ [name]: spec });
  const table = () => db.table(name) as EntityTable<Row, Key>;
  return Object.assign(table, { tableName: name, spec });
}
/** A feature table as the registry sees it (untyped: each feature reads its own typed one). */
export interface MirrorTable {
  (): Table;
  tableName: string;
  spec: string;
}

/** Meta keys that belong to the user (the device keys such as `clientId` survive logout). */
export const USER_META_KEYS = ['accessToken', 'lastSyncAt', 'userId', 'syncClient', 'syncPausedToken'];

/** Meta keys a feature keeps with its tables (kanban's column order): wiped with the user. */
export function declareUserMetaKeys(keys: string[]) {
  for (const key of keys) if (!USER_META_KEYS.includes(key)) USER_META_KEYS.push(key);
}

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
