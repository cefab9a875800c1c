// The sync registry: what each mirrored feature tells the sync engine about itself. A feature
// owns `features/<name>/local/sync.ts` (a `defineFeatureSync`), src/app composes the list
// (`createSyncRegistry`) and installs it when loaded; until then registry-source.ts holds the
// app's loader (src/lib may not import features or app; the registry loads lazily).
//
// Guarantees: every operation name is unique across features (checked when composed); each
// operation's `apply` runs once on the mirror when the change is made and once again on each
// fresh server snapshot of its feature while queued (the "rebase" of pull.ts), never twice on
// the same base, so an intent ("one more") is as safe as a put. The features' tables are
// declared apart, as the app starts (../db-stores.ts): the database does not wait for this.
import type { Transaction } from 'dexie';

import { db, type MirrorTable, type OutboxRow } from '../db';
import { idempotencyKey, type OutboxRequest } from './protocol';
import { installedRegistry, registryInstalled } from './registry-source';

/** How a queued change is described in the sync panel: a translation key (with `name`), and
 *  `${key}Unnamed` when no name is known. */
export interface ChangeDescription {
  key: string;
  name?: string;
}

export interface SyncOperation<Body> {
  method?: OutboxRequest['method'];
  path: string;
  /** applies the change to the mirror (once per base, see the header); runs inside a
   *  transaction over the registry's tables; must not throw on a rebase */
  apply(body: Body): Promise<void>;
  /** may read the mirror (a deleted item's name); runs inside a live query */
  describe(body: Body): ChangeDescription | Promise<ChangeDescription>;
}

/** How a feature's server state is fetched and written back into its tables. */
export interface FeaturePull<Snapshot> {
  fetch(getJson: <T>(path: string) => Promise<T>): Promise<Snapshot>;
  /** replaces the mirror with the snapshot; runs inside the pull's one transaction */
  write(snapshot: Snapshot): Promise<void>;
}

export interface FeatureSync<Ops extends Record<string, SyncOperation<never>>> {
  name: string;
  tables: MirrorTable[];
  operations: Ops;
  pull?: FeaturePull<unknown>;
}

type BodyOf<O> = O extends SyncOperation<infer B> ? B : never;
/** The changes a feature can queue: `{ op, body }` with each operation's body type. */
export type ChangeOf<F> =
  F extends FeatureSync<infer Ops> ? { [K in keyof Ops & string]: { op: K; body: BodyOf<Ops[K]> } }[keyof Ops & string] : never;

/** A queued change as the engine sees it (features use their own `ChangeOf` type). */
export interface AnyChange {
  op: string;
  body: unknown;
}

/** Typed in the feature, erased in the registry. */
export function defineFeatureSync<Ops extends Record<string, SyncOperation<never>>>(feature: FeatureSync<Ops>) {
  return feature;
}

export function operation<Body>(op: SyncOperation<Body>): SyncOperation<Body> {
  return op;
}

export function featurePull<Snapshot>(pull: FeaturePull<Snapshot>): FeaturePull<Snapshot> {
  return pull;
}

export interface SyncRegistry {
  features: FeatureSync<Record<string, SyncOperation<never>>>[];
  operation(op: string): SyncOperation<unknown> | undefined;
  /** the name of the feature that registered the operation */
  featureOf(op: string): string | undefined;
  /** every feature table (the transactions that apply changes or pulls lock these) */
  tables(): ReturnType<MirrorTable>[];
}

export function createSyncRegistry(features: FeatureSync<Record<string, SyncOperation<never>>>[]): SyncRegistry {
  const operations = new Map<string, SyncOperation<unknown>>();
  const owners = new Map<string, string>();
  for (const feature of features) {
    for (const [name, op] of Object.entries(feature.operations)) {
      if (operations.has(name)) throw new Error(`Two features define the sync operation ${name}.`);
      operations.set(name, op);
      owners.set(name, feature.name);
    }
  }
  return {
    features,
    operation: (name) => operations.get(name),
    featureOf: (name) => owners.get(name),
    tables: () => features.flatMap((f) => f.tables.map((table) => table())),
  };
}

/** The request a change goes out as, computed once when it is queued. */
export function requestFor(registry: SyncRegistry, change: AnyChange, clientId: string, seq: number): OutboxRequest {
  const op = registry.operation(change.op);
  if (!op) throw new Error(`No feature registered the sync operation ${change.op}.`);
  return { method: op.method ?? 'POST', path: op.path, body: JSON.stringify(change.body), key: idempotencyKey(clientId, seq) };
}

/** The change a row carries (its request body is the change's body). */
export function changeOf(row: Pick<OutboxRow, 'op' | 'request'>): AnyChange {
  return { op: row.op, body: JSON.parse(row.request.body) as unknown };
}

/** Rows of an older database (op + body): their request, computed once in its upgrade. */
function upgradeOutbox(registry: SyncRegistry) {
  return async (tx: Transaction) => {
    await tx
      .table('outbox')
      .toCollection()
      .modify((row: OutboxRow & { body?: unknown }) => {
        if (row.request) return;
        try {
          row.request = requestFor(registry, { op: row.op, body: row.body ?? {} }, row.clientId, row.seq);
        } catch {
          row.request = { method: 'POST', path: '', body: JSON.stringify(row.body ?? {}), key: idempotencyKey(row.clientId, row.seq) };
          row.status = 'rejected';
          row.error = 'This change can no longer be sent.';
        }
        delete row.body;
      });
  };
}

/** Installs the registry (once per page): an older database's upgrade may now run. */
export function installSyncRegistry(registry: SyncRegistry): SyncRegistry {
  const current = installedRegistry();
  if (current) return current;
  db.completeSchema(upgradeOutbox(registry));
  registryInstalled(registry);
  return registry;
}
