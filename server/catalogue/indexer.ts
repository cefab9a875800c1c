// Background embedding of the catalogue. Everything it knows is in the database: an item is
// pending when `catalogue_embeddings` has no row for it or the row's hash differs from the
// hash of its current text, so a restart resumes where the last run stopped, unchanged texts
// are never embedded again, and a second API process can read the same progress. Vectors and
// their bookkeeping row are written in one transaction per batch, so semantic search ranks
// each batch as soon as it is saved; videos come before clips (they are what people search
// first), and the demo's films arrive with vectors made ahead (demo-vectors.ts), which carry
// the same bookkeeping row and are skipped like any indexed text. When a pass completes the
// HNSW indexes are built (after the bulk insert, which is far faster than maintaining them).
// Progress compares the stored hashes (`text_hash`, a generated column of each catalogue row)
// with the embedded ones, so counting hashes no text; what callers see (`cachedIndexStatus`)
// is that count, shared by concurrent calls and kept a few seconds per process: a hint that
// is at most STATUS_CACHE_MS behind the database, which stays the truth.
import { sql, type SQL } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { IndexStatus } from '../contracts/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { loggableError } from '../lib/errors.ts';
import type { EmbeddingProvider } from './embeddings.ts';
import type { Kind } from './filters.ts';
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
  const status = { indexed, total, enabled, running: enabled && indexed < total, videos, clips };
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

export interface PendingText {
  id: string;
  text: string;
  hash: string;
}

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** Up to `limit` texts of `kind` with no vector or a stale one, in id order after `after`. */
export function pendingTexts(
  db: Executor,
  kind: Kind,
  after = FIRST_ID,
  limit: number,
): Promise<PendingText[]> {
  const { table, text } = SOURCE[kind];
  return queryRows<PendingText>(
    db,
    sql`select x.id, ${text} as text, x.text_hash as hash
      from ${table} x left join catalogue_embeddings e on e.kind = ${kind} and e.item_id = x.id
      where x.id > ${after}::uuid and e.text_hash is distinct from x.text_hash
      order by x.id limit ${limit}`,
  );
}

/** The vectors of one batch and their bookkeeping rows, in one transaction. */
async function saveVectors(
  deps: AppDeps,
  kind: Kind,
  batch: PendingText[],
  vectors: number[][],
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await upsertVectors(
      tx,
      kind,
      batch.map((p, j) => ({ id: p.id, vector: vectors[j]! })),
    );
    await markEmbedded(
      tx,
      kind,
      batch.map((p) => ({ id: p.id, hash: p.hash })),
    );
  });
}

/** Records which text each stored vector was made from (the hash the indexer skips by). */
export async function markEmbedded(
  db: Executor,
  kind: Kind,
  rows: { id: string; hash: string }[],
): Promise<void> {
  if (!rows.length) return;
  const values = rows.map((r) => sql`(${kind}, ${r.id}::uuid, ${r.hash}, now())`);
  await db.execute(
    sql`insert into catalogue_embeddings (kind, item_id, text_hash, embedded_at)
      values ${sql.join(values, sql`, `)}
      on conflict (kind, item_id) do update
      set text_hash = excluded.text_hash, embedded_at = excluded.embedded_at`,
  );
}

/**
 * Embeds everything pending, videos before clips: people search videos first, and a video
 * imported while the clips are being indexed is taken up before the next window of clips.
 * Each window is a few batches per worker; its texts are sorted by length, so a batch holds
 * texts of similar length and the model pads few of them. Every worker of the provider gets a
 * batch of its own and saves it as soon as it is embedded.
 */
async function embedPending(
  deps: AppDeps,
  provider: EmbeddingProvider,
  batchSize: number,
  onBatch: (count: number) => void,
  shouldStop: () => boolean,
): Promise<void> {
  const db = deps.database.db;
  const lanes = Math.max(1, provider.parallelism ?? 1);
  const windowSize = batchSize * lanes * 4;
  // Videos are few: they are looked for from the first id every time, so one imported at any
  // place is found. Clips are walked with a cursor; one added behind it waits for the next pass.
  let clipsAfter = FIRST_ID;
  for (;;) {
    if (shouldStop()) return;
    let kind: Kind = 'video';
    let window = await pendingTexts(db, 'video', FIRST_ID, windowSize);
    if (!window.length) {
      kind = 'clip';
      window = await pendingTexts(db, 'clip', clipsAfter, windowSize);
      if (!window.length) return;
      clipsAfter = window[window.length - 1]!.id;
    }
    window.sort((a, b) => a.text.length - b.text.length);
    const batches: PendingText[][] = [];
    for (let i = 0; i < window.length; i += batchSize) batches.push(window.slice(i, i + batchSize));
    let next = 0;
    const lane = async () => {
      for (let batch = batches[next++]; batch && !shouldStop(); batch = batches[next++]) {
        const vectors = await provider.embed(batch.map((p) => p.text));
        await saveVectors(deps, kind, batch, vectors);
        onBatch(batch.length);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
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
  await embedPending(deps, provider, batchSize, onBatch, stop);
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
