// Whether semantic search can answer, and its ranking. A database without the `vector`
// extension, or a server started with EMBEDDINGS=off, answers with a sentence the client can
// show (PRECONDITION_FAILED), never a 500. While the index is being built, semantic search
// ranks the texts indexed so far (the indexer stores vectors batch by batch, videos first),
// fused with the keyword ranking, and says how much of the searched kind it covered
// (`indexing`, `coverage`); a text not indexed yet can still come in through its keywords.
// The progress is the indexer's cached count (a hint a few seconds old at most: the truth
// stays in the database). The query's own embedding runs in the embedding worker thread,
// never on the event loop.
import type { SQL } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { embeddingProvider } from './embeddings.ts';
import type { Kind } from './filters.ts';
import { cachedIndexStatus, invalidateIndexStatus } from './indexer.ts';
import { nearestIds } from './vectors.ts';

export const NO_VECTOR_MESSAGE =
  'Semantic search needs the pgvector extension, which this database does not have. Search by keywords instead.';
export const EMBEDDINGS_OFF_MESSAGE =
  'Semantic search is turned off on this server (EMBEDDINGS=off). Search by keywords instead.';

export async function semanticAvailability(
  deps: AppDeps,
  kind: Kind,
): Promise<{ error?: string; indexing: boolean; coverage: number }> {
  if (!deps.database.hasVector) return { error: NO_VECTOR_MESSAGE, indexing: false, coverage: 0 };
  if (deps.env.EMBEDDINGS === 'off')
    return { error: EMBEDDINGS_OFF_MESSAGE, indexing: false, coverage: 0 };
  const status = await cachedIndexStatus(deps);
  const { indexed, total } = kind === 'video' ? status.videos : status.clips;
  return { indexing: indexed < total, coverage: total ? indexed / total : 1 };
}

/** Forgets the cached completeness (after an import adds texts to embed). */
export function invalidateSemanticCache(deps: AppDeps): void {
  invalidateIndexStatus(deps);
}

export async function semanticRanking(
  deps: AppDeps,
  kind: Kind,
  queryText: string,
  conditions: SQL[],
  limit: number,
): Promise<string[]> {
  const [vector] = await embeddingProvider().embed([queryText]);
  if (!vector) return [];
  return nearestIds(deps.database.db, kind, vector, conditions, limit);
}

/** Ids nearest to an existing item's stored vector (for "find similar"). */
export { nearestIds };
