// After a replay, the registered features' server state (every feature's, or the ones named) is
// fetched back into Dexie, and the changes still queued are applied on top of it again
// ("rebase"), all in one transaction: the server wins for everything it has, and nothing the
// user did that is not delivered yet disappears. A change the server rejected is no longer
// queued, so this is also what restores the server's version. A feature whose fetch failed
// keeps its mirror as it was, its queued changes included: they are applied again only on a
// fresh snapshot, so each queued change is applied exactly once per base (an intent such as
// the cart's "one more" counts once).
import { db } from '../db';
import { changeOf, type SyncRegistry } from './registry';
import { loadSyncRegistry } from './registry-source';

export interface PullDeps {
  fetch: typeof fetch;
  url: (path: string) => string;
  token: () => string | null | Promise<string | null>;
  timeoutMs?: number;
}

/** Applies the changes still queued for these features again, in queue order (inside the
 *  caller's transaction, over data just written from the server). */
async function reapplyQueued(registry: SyncRegistry, features: string[]): Promise<void> {
  const rebased = new Set(
    registry.features
      .filter((feature) => features.includes(feature.name))
      .flatMap((feature) => Object.keys(feature.operations)),
  );
  const queued = await db.outbox
    .orderBy('seq')
    .filter((r) => r.status === 'queued' && !r.skip && rebased.has(r.op))
    .toArray();
  for (const row of queued) {
    const change = changeOf(row);
    await registry.operation(change.op)?.apply(change.body);
  }
}

/** Writes the snapshots (by feature name) and rebases the queue on them. */
export async function writeServerState(
  registry: SyncRegistry,
  snapshots: Map<string, unknown>,
): Promise<void> {
  await db.transaction('rw', [...registry.tables(), db.outbox, db.meta], async () => {
    for (const feature of registry.features) {
      if (feature.pull && snapshots.has(feature.name))
        await feature.pull.write(snapshots.get(feature.name));
    }
    await reapplyQueued(registry, [...snapshots.keys()]);
  });
}

/** A feature's own write of what the server answered (outside a pull: a page's fetch), with that
 *  feature's queued changes applied on top again, in one transaction: what the user did and is
 *  not delivered yet stays visible. */
export async function writeFeatureState(
  feature: string,
  write: () => Promise<void>,
): Promise<void> {
  const registry = await loadSyncRegistry();
  await db.transaction('rw', [...registry.tables(), db.outbox, db.meta], async () => {
    await write();
    await reapplyQueued(registry, [feature]);
  });
}

/** Fetches every feature's state (or only the features named) and rebases the queue on it.
 *  Throws when no fetch succeeded (offline); one feature's failure leaves only its own mirror
 *  as it was. */
export async function pullServerState(deps: PullDeps, only?: string[]): Promise<void> {
  const token = await deps.token();
  if (!token) return;
  const registry = await loadSyncRegistry();
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await deps.fetch(deps.url(path), {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 20_000),
    });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const pulled = registry.features.filter((f) => f.pull && (!only || only.includes(f.name)));
  const answers = await Promise.allSettled(pulled.map((f) => f.pull!.fetch(getJson)));
  const snapshots = new Map<string, unknown>();
  answers.forEach((answer, i) => {
    if (answer.status === 'fulfilled') snapshots.set(pulled[i]!.name, answer.value);
  });
  const failed = answers.find((a) => a.status === 'rejected');
  if (failed && snapshots.size === 0)
    throw failed.reason instanceof Error
      ? failed.reason
      : new Error('The server could not be reached.');
  await writeServerState(registry, snapshots);
  const now = Date.now();
  const pulledAt = ((await db.meta.get('pulledAt'))?.value ?? {}) as Record<string, number>;
  for (const name of snapshots.keys()) pulledAt[name] = now;
  await db.meta.bulkPut([
    { key: 'lastSyncAt', value: now },
    { key: 'pulledAt', value: pulledAt },
  ]);
}

/** Whether this device ever pulled the feature: a live notice for a feature never pulled is left
 *  to the engine's first full pull (engine.ts) rather than pulled during the page's first load. */
export async function everPulled(feature: string): Promise<boolean> {
  return (await featuresPulledAt())[feature] !== undefined;
}

/** When each feature's state was last pulled (epoch ms), by feature name. */
export async function featuresPulledAt(): Promise<Record<string, number>> {
  const row = await db.meta.get('pulledAt').catch(() => undefined);
  return (row?.value ?? {}) as Record<string, number>;
}
