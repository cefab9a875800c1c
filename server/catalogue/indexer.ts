// Background embedding of the catalogue. Everything it knows is in the database: an item is
// pending when `catalogue_embeddings` has no row for it or the row's hash differs from the
// hash of its current text, so a restart resumes where the last run stopped, unchanged texts
// are never embedded again, and a second API process can read the same progress. Vectors and
// their bookkeeping row are written in one transaction per batch. When a pass completes the
// HNSW indexes are built (after the bulk insert, which is far faster than maintaining them).
// Progress compares the stored hashes (`text_hash`, a generated column of each catalogue row)
// with the embedded ones, so counting hashes no text; what callers see (`cachedIndexStatus`)
// is that count, shared by concurrent calls and kept a few seconds per process: a hint that
// is at most STATUS_CACHE_MS behind the database, which stays the truth.
import { sql, type SQL } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { IndexStatus } from '../contracts/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { loggableError } from '../lib/errors.ts';
import type { EmbeddingProvider } from './embeddings.ts';
import type { Kind } from './filters.ts';
import { queryRows } from './sql-rows.ts';
import { ensureVectorIndexes, ensureVectorTables, upsertVectors } from './vectors.ts';

const STATUS_CACHE_MS = 5000;

const SOURCE: Record<Kind, { table: SQL; text: SQL }> = {
  video: {
    table: sql`catalogue_videos`,
    text: sql`coalesce(x.title, '') || '. ' || coalesce(x.description, '')`,
  },
  clip: {
    table: sql`catalogue_clips`,
    text: sql`coalesce(x.title, '') || '. ' || coalesce(x.text, '')`,
  },
};

async function countIndexed(db: Executor, kind: Kind): Promise<{ indexed: number; total: number }> {
  const { table } = SOURCE[kind];
  const [row] = await queryRows<{ indexed: string | number; total: string | number }>(
    db,
    sql`select count(*) as total,
      count(*) filter (where e.text_hash = x.text_hash) as indexed
      from ${table} x left join catalogue_embeddings e on e.kind = ${kind} and e.item_id = x.id`,
  );
  return { indexed: Number(row?.indexed ?? 0), total: Number(row?.total ?? 0) };
}

export function embeddingsEnabled(deps: AppDeps): boolean {
  return deps.env.EMBEDDINGS === 'on' && deps.database.hasVector;
}

/** The progress as the database has it now (the indexer and tests). */
export async function indexStatus(deps: AppDeps): Promise<IndexStatus> {
  const db = deps.database.db;
  const [videos, clips] = await Promise.all([countIndexed(db, 'video'), countIndexed(db, 'clip')]);
  const indexed = videos.indexed + clips.indexed;
  const total = videos.total + clips.total;
  const enabled = embeddingsEnabled(deps);
  const status = { indexed, total, enabled, running: enabled && indexed < total };
  statusCache.set(deps.database, { at: Date.now(), status: Promise.resolve(status) });
  return status;
}

const statusCache = new WeakMap<object, { at: number; status: Promise<IndexStatus> }>();

/** The progress for callers (catalogue.indexStatus, search): one count per few seconds. */
export function cachedIndexStatus(deps: AppDeps): Promise<IndexStatus> {
  const cached = statusCache.get(deps.database);
  if (cached && Date.now() - cached.at < STATUS_CACHE_MS) return cached.status;
  const status = indexStatus(deps);
  const entry = { at: Date.now(), status };
  statusCache.set(deps.database, entry);
  status.catch(() => {
    if (statusCache.get(deps.database) === entry) statusCache.delete(deps.database);
  });
  return status;
}

/** Forgets the cached progress (after an import adds texts to embed). */
export function invalidateIndexStatus(deps: AppDeps): void {
  statusCache.delete(deps.database);
}

async function embedPending(
  deps: AppDeps,
  provider: EmbeddingProvider,
  kind: Kind,
  batchSize: number,
  onBatch: (count: number) => void,
  shouldStop: () => boolean,
): Promise<void> {
  const db = deps.database.db;
  const { table, text } = SOURCE[kind];
  // Walk the table in id order, a window at a time, embedding what is new or changed: each
  // step reads a small window, so the database stays free for requests between steps.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    if (shouldStop()) return;
    const window = await queryRows<{ id: string; text: string; hash: string; done: boolean }>(
      db,
      sql`select x.id, ${text} as text, x.text_hash as hash,
          coalesce(e.text_hash = x.text_hash, false) as done
        from ${table} x left join catalogue_embeddings e on e.kind = ${kind} and e.item_id = x.id
        where x.id > ${after}::uuid order by x.id limit ${batchSize * 4}`,
    );
    if (!window.length) return;
    after = window[window.length - 1]!.id;
    const pendingAll = window.filter((row) => !row.done);
    for (let i = 0; i < pendingAll.length; i += batchSize) {
      if (shouldStop()) return;
      const pending = pendingAll.slice(i, i + batchSize);
      const vectors = await provider.embed(pending.map((p) => p.text));
      await db.transaction(async (tx) => {
        await upsertVectors(
          tx,
          kind,
          pending.map((p, j) => ({ id: p.id, vector: vectors[j]! })),
        );
        const values = pending.map((p) => sql`(${kind}, ${p.id}::uuid, ${p.hash}, now())`);
        await tx.execute(
          sql`insert into catalogue_embeddings (kind, item_id, text_hash, embedded_at)
            values ${sql.join(values, sql`, `)}
            on conflict (kind, item_id) do update
            set text_hash = excluded.text_hash, embedded_at = excluded.embedded_at`,
        );
      });
      onBatch(pending.length);
    }
  }
}

export interface IndexerOptions {
  batchSize?: number;
  /** Checked between batches; the server sets it on shutdown. */
  shouldStop?: () => boolean;
}

/** One indexing pass over everything pending; resolves with the final status. */
export async function indexCatalogue(
  deps: AppDeps,
  provider: EmbeddingProvider,
  options: IndexerOptions = {},
): Promise<IndexStatus> {
  const db = deps.database.db;
  await ensureVectorTables(db, provider.dimensions);
  const started = Date.now();
  const before = await indexStatus(deps);
  if (before.indexed < before.total) {
    deps.log.info('catalogue indexing', { indexed: before.indexed, total: before.total });
  }
  let done = before.indexed;
  let lastLog = Date.now();
  const onBatch = (count: number) => {
    done += count;
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      deps.log.info('catalogue indexing', {
        indexed: done,
        total: before.total,
        percent: Math.round((done / Math.max(1, before.total)) * 100),
      });
    }
  };
  const stop = options.shouldStop ?? (() => false);
  const batchSize = options.batchSize ?? 32;
  await embedPending(deps, provider, 'video', batchSize, onBatch, stop);
  await embedPending(deps, provider, 'clip', batchSize, onBatch, stop);
  const after = await indexStatus(deps);
  if (after.indexed >= after.total) {
    await ensureVectorIndexes(db);
    if (before.indexed < before.total) {
      deps.log.info('catalogue index complete', {
        indexed: after.indexed,
        ms: Date.now() - started,
      });
    }
  }
  return after;
}

/**
 * Runs indexing in the background of the server: a pass at start, then a check every minute
 * for texts imported or changed since (e.g. by `npm run catalogue:import`). Returns a stop
 * function for shutdown.
 */
export function startBackgroundIndexer(deps: AppDeps, provider: EmbeddingProvider): () => void {
  let stopped = false;
  let running = false;
  const pass = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await indexCatalogue(deps, provider, { shouldStop: () => stopped });
    } catch (error) {
      deps.log.error('catalogue indexing failed', loggableError(error));
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(() => void pass(), 60_000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
