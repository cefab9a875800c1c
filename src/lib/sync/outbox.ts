// The outbox: the only way mirrored features change their data on this device.
//
// `enqueueChange` applies the change to its feature's tables (the registry's operation) AND
// appends it to `outbox` with the request it goes out as, in ONE Dexie transaction, so a
// change is either both visible and queued or neither (a crash, a reload, a full disk cannot
// leave one without the other). Each row gets the next sequence number of this device's sync
// stream (`meta.syncClient`: a random client id and its counter). The stream is per signed-in
// user: it is wiped with the user's data, and a fresh client id starts again at 1, which is
// what the server expects of a client it has never seen.
import { db, type OutboxRow } from '../db';
import { changeOf, requestFor, type AnyChange, type SyncRegistry } from './registry';
import { loadSyncRegistry } from './registry-source';
import { isQuotaError, StorageFullError } from './storage';

export interface SyncClient {
  clientId: string;
  nextSeq: number;
}

const listeners = new Set<(feature: string | undefined) => void>();
/** Called after every change to the queue, with the feature it belongs to (the engine starts a
 *  replay, then pulls that feature). */
export function onEnqueue(listener: (feature: string | undefined) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function takeSeq(): Promise<{ clientId: string; seq: number }> {
  const current = (await db.meta.get('syncClient'))?.value as SyncClient | undefined;
  const client = current ?? { clientId: crypto.randomUUID(), nextSeq: 1 };
  await db.meta.put({ key: 'syncClient', value: { ...client, nextSeq: client.nextSeq + 1 } });
  return { clientId: client.clientId, seq: client.nextSeq };
}

async function applyAndQueue(registry: SyncRegistry, change: AnyChange): Promise<OutboxRow> {
  const op = registry.operation(change.op);
  if (!op) throw new Error(`No feature registered the sync operation ${change.op}.`);
  await op.apply(change.body);
  const { clientId, seq } = await takeSeq();
  const row: OutboxRow = {
    seq,
    clientId,
    op: change.op,
    request: requestFor(registry, change, clientId, seq),
    status: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.now(),
  };
  await db.outbox.add(row);
  return row;
}

/** Applies `change` locally and queues it, atomically. Throws StorageFullError on a full disk. */
export async function enqueueChange(change: AnyChange): Promise<OutboxRow> {
  const registry = await loadSyncRegistry();
  let row: OutboxRow;
  try {
    // an async scope: Dexie keeps the transaction across the native awaits inside it
    row = await db.transaction('rw', [...registry.tables(), db.outbox, db.meta], async () => {
      return await applyAndQueue(registry, change);
    });
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError(error);
    throw error;
  }
  for (const listener of listeners) listener(registry.featureOf(change.op));
  return row;
}

/** Queued rows in replay order. */
export function queuedRows() {
  return db.outbox.where('status').equals('queued').sortBy('seq');
}

/** A rejected change, tried again: applied locally again and queued with a new sequence. */
export async function retryRejected(seq: number): Promise<void> {
  const registry = await loadSyncRegistry();
  const row = await db.outbox.get(seq);
  if (!row || row.status !== 'rejected') return;
  await db.transaction('rw', [...registry.tables(), db.outbox, db.meta], async () => {
    await db.outbox.delete(seq);
    await applyAndQueue(registry, changeOf(row));
  });
  for (const listener of listeners) listener(registry.featureOf(row.op));
}

/**
 * Discards a change. A rejected one was consumed by the server already: it just goes. A queued
 * one keeps its sequence number but is sent as a no-op (`skip`), so the server sees no gap; the
 * next refetch shows the server's version again.
 */
export async function discardChange(seq: number): Promise<void> {
  const row = await db.outbox.get(seq);
  if (!row) return;
  if (row.status === 'rejected') await db.outbox.delete(seq);
  else await db.outbox.update(seq, { skip: true });
  const registry = await loadSyncRegistry();
  for (const listener of listeners) listener(registry.featureOf(row.op));
}
