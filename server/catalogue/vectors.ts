// Vector storage for semantic search. The tables need the `vector` type, which a PostgreSQL
// without pgvector does not have, so they are not in the migrations: they are created here at
// start when the extension is available. The HNSW indexes are built once the first full
// index pass is complete (building them before a bulk insert is many times slower); that build
// may take minutes on a large catalogue, so it runs without the server's statement timeout.
import { sql, type SQL } from 'drizzle-orm';

import type { Database, Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { Kind } from './filters.ts';
import { fromClause, whereClause } from './filters.ts';

export const VECTOR_TABLE: Record<Kind, SQL> = {
  video: sql`catalogue_video_vectors`,
  clip: sql`catalogue_clip_vectors`,
};

export async function ensureVectorTables(db: Executor, dimensions: number): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists catalogue_video_vectors (
      item_id uuid primary key references catalogue_videos(id) on delete cascade,
      embedding vector(${dimensions}) not null)`),
  );
  await db.execute(
    sql.raw(`create table if not exists catalogue_clip_vectors (
      item_id uuid primary key references catalogue_clips(id) on delete cascade,
      embedding vector(${dimensions}) not null)`),
  );
}

/** Builds the HNSW indexes if missing and refreshes the planner's statistics. */
export async function ensureVectorIndexes(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql`create index if not exists catalogue_video_vectors_hnsw on catalogue_video_vectors using hnsw (embedding vector_cosine_ops)`,
    );
    await tx.execute(
      sql`create index if not exists catalogue_clip_vectors_hnsw on catalogue_clip_vectors using hnsw (embedding vector_cosine_ops)`,
    );
    await tx.execute(
      sql`analyze catalogue_embeddings, catalogue_video_vectors, catalogue_clip_vectors`,
    );
  });
}

export function vectorLiteral(vector: number[]): SQL {
  return sql`${`[${vector.map((x) => x.toFixed(6)).join(',')}]`}::vector`;
}

export async function upsertVectors(
  db: Executor,
  kind: Kind,
  rows: { id: string; vector: number[] }[],
): Promise<void> {
  if (!rows.length) return;
  const values = rows.map((r) => sql`(${r.id}::uuid, ${vectorLiteral(r.vector)})`);
  await db.execute(
    sql`insert into ${VECTOR_TABLE[kind]} (item_id, embedding) values ${sql.join(values, sql`, `)}
      on conflict (item_id) do update set embedding = excluded.embedding`,
  );
}

/** Ids of the visible rows matching `conditions`, nearest to `vector` first. */
export async function nearestIds(
  db: Executor,
  kind: Kind,
  vector: number[],
  conditions: SQL[],
  limit: number,
): Promise<string[]> {
  const row = kind === 'clip' ? sql`c` : sql`v`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select ${row}.id as id from ${fromClause(kind)} join ${VECTOR_TABLE[kind]} e on e.item_id = ${row}.id
      ${whereClause(conditions)} order by e.embedding <=> ${vectorLiteral(vector)} limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
