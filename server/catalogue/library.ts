// Per-user favourites (videos and clips) and named collections of clips. Every query is
// scoped by the signed-in user: another user's collection answers NOT_FOUND, exactly as a
// missing one does, so ids cannot be probed. Items the user may no longer see (a video made
// private) drop out of the lists. Favourites and a collection's clips are searched, filtered,
// sorted and paged by the catalogue's own search, within that listing.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type {
  ClipListItem,
  Collection,
  CollectionSummary,
  FavouritesList,
  FavouriteToggleResult,
  SearchQuery,
  SearchResult,
  VideoListItem,
} from '../contracts/catalogue.ts';
import { queryRows } from '../db/rows.ts';
import {
  catalogueCollectionClips,
  catalogueCollections,
  catalogueFavourites,
} from '../db/schema/index.ts';
import { fromClause, visibleTo } from './filters.ts';
import { loadClips, loadVideos } from './hydrate.ts';
import { searchClips, searchVideos } from './search.ts';

const collectionNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'This collection does not exist.' });

async function assertVisible(deps: AppDeps, kind: 'video' | 'clip', id: string, userId: string) {
  const row = kind === 'clip' ? sql`c` : sql`v`;
  const found = await queryRows<{ id: string }>(
    deps.database.db,
    sql`select ${row}.id from ${fromClause(kind)} where ${row}.id = ${id} and ${visibleTo({ userId }, kind)}`,
  );
  if (!found.length) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `This ${kind} does not exist or is not visible to you.`,
    });
  }
}

export async function listFavourites(deps: AppDeps, userId: string): Promise<FavouritesList> {
  const db = deps.database.db;
  const viewer = { userId };
  const [videoIds, clipIds] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`select v.id from catalogue_favourites f join ${fromClause('video')} on v.id = f.video_id
        where f.user_id = ${userId} and ${visibleTo(viewer)} order by f.created_at desc, v.id`,
    ),
    queryRows<{ id: string }>(
      db,
      sql`select c.id from catalogue_favourites f join ${fromClause('clip')} on c.id = f.clip_id
        where f.user_id = ${userId} and ${visibleTo(viewer, 'clip')} order by f.created_at desc, c.id`,
    ),
  ]);
  const [videos, clips] = await Promise.all([
    loadVideos(
      db,
      videoIds.map((r) => r.id),
      userId,
    ),
    loadClips(
      db,
      clipIds.map((r) => r.id),
      userId,
    ),
  ]);
  return { videos, clips };
}

/** The user's favourite videos, searched like any listing. */
export function searchFavouriteVideos(
  deps: AppDeps,
  userId: string,
  input: SearchQuery,
): Promise<SearchResult<VideoListItem>> {
  return searchVideos(deps, { ...input, favouritesOf: userId }, { userId });
}

/** The user's favourite clips, searched like any listing. */
export function searchFavouriteClips(
  deps: AppDeps,
  userId: string,
  input: SearchQuery,
): Promise<SearchResult<ClipListItem>> {
  return searchClips(deps, { ...input, favouritesOf: userId }, { userId });
}

export async function toggleFavourite(
  deps: AppDeps,
  userId: string,
  target: { videoId?: string; clipId?: string },
): Promise<FavouriteToggleResult> {
  const db = deps.database.db;
  const kind = target.clipId ? 'clip' : 'video';
  const id = (target.clipId ?? target.videoId)!;
  await assertVisible(deps, kind, id, userId);
  const column = kind === 'clip' ? catalogueFavourites.clipId : catalogueFavourites.videoId;
  const removed = await db
    .delete(catalogueFavourites)
    .where(and(eq(catalogueFavourites.userId, userId), eq(column, id)))
    .returning({ id: catalogueFavourites.id });
  if (removed.length) return { favourite: false };
  await db
    .insert(catalogueFavourites)
    .values({ userId, ...(kind === 'clip' ? { clipId: id } : { videoId: id }) })
    .onConflictDoNothing();
  return { favourite: true };
}

type SummaryRow = {
  id: string;
  name: string;
  clip_count: string | number;
  covers: string[] | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

async function summaries(
  deps: AppDeps,
  userId: string,
  collectionId?: string,
): Promise<CollectionSummary[]> {
  const rows = await queryRows<SummaryRow>(
    deps.database.db,
    sql`select k.id, k.name, k.created_at, k.updated_at,
      (select count(*) from catalogue_collection_clips cc where cc.collection_id = k.id) as clip_count,
      (select array_agg(t.thumb) from (
         select v.thumbnail_url as thumb from catalogue_collection_clips cc
         join catalogue_clips c on c.id = cc.clip_id join catalogue_videos v on v.id = c.video_id
         where cc.collection_id = k.id and v.thumbnail_url is not null
         order by cc.added_at limit 4) t) as covers
    from catalogue_collections k
    where k.user_id = ${userId} ${collectionId ? sql`and k.id = ${collectionId}` : sql``}
    order by k.updated_at desc, k.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    clipCount: Number(r.clip_count),
    coverThumbnails: r.covers ?? [],
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

export function listCollections(deps: AppDeps, userId: string): Promise<CollectionSummary[]> {
  return summaries(deps, userId);
}

export async function getCollection(
  deps: AppDeps,
  userId: string,
  collectionId: string,
): Promise<Collection> {
  const [summary] = await summaries(deps, userId, collectionId);
  if (!summary) throw collectionNotFound();
  const ids = await queryRows<{ id: string }>(
    deps.database.db,
    sql`select c.id from catalogue_collection_clips cc join ${fromClause('clip')} on c.id = cc.clip_id
      where cc.collection_id = ${collectionId} and ${visibleTo({ userId }, 'clip')}
      order by cc.added_at, c.id`,
  );
  const clips = await loadClips(
    deps.database.db,
    ids.map((r) => r.id),
    userId,
  );
  return { ...summary, clipCount: clips.length, clips };
}

/** One of the user's collections' clips, searched like any listing. */
export async function searchCollectionClips(
  deps: AppDeps,
  userId: string,
  input: SearchQuery & { collectionId: string },
): Promise<SearchResult<ClipListItem>> {
  await ownCollection(deps, userId, input.collectionId);
  return searchClips(deps, input, { userId });
}

/** NOT_FOUND unless the collection is the user's. */
export async function ownCollection(deps: AppDeps, userId: string, collectionId: string) {
  const [row] = await deps.database.db
    .select({ id: catalogueCollections.id })
    .from(catalogueCollections)
    .where(and(eq(catalogueCollections.id, collectionId), eq(catalogueCollections.userId, userId)));
  if (!row) throw collectionNotFound();
}

export async function createCollection(
  deps: AppDeps,
  userId: string,
  name: string,
): Promise<CollectionSummary> {
  const [row] = await deps.database.db
    .insert(catalogueCollections)
    .values({ userId, name })
    .returning({ id: catalogueCollections.id });
  const [summary] = await summaries(deps, userId, row!.id);
  return summary!;
}

export async function renameCollection(
  deps: AppDeps,
  userId: string,
  collectionId: string,
  name: string,
): Promise<CollectionSummary> {
  const updated = await deps.database.db
    .update(catalogueCollections)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(catalogueCollections.id, collectionId), eq(catalogueCollections.userId, userId)))
    .returning({ id: catalogueCollections.id });
  if (!updated.length) throw collectionNotFound();
  const [summary] = await summaries(deps, userId, collectionId);
  return summary!;
}

export async function deleteCollection(
  deps: AppDeps,
  userId: string,
  collectionId: string,
): Promise<{ deleted: true }> {
  const deleted = await deps.database.db
    .delete(catalogueCollections)
    .where(and(eq(catalogueCollections.id, collectionId), eq(catalogueCollections.userId, userId)))
    .returning({ id: catalogueCollections.id });
  if (!deleted.length) throw collectionNotFound();
  return { deleted: true };
}

export async function addClipToCollection(
  deps: AppDeps,
  userId: string,
  collectionId: string,
  clipId: string,
): Promise<CollectionSummary> {
  await ownCollection(deps, userId, collectionId);
  await assertVisible(deps, 'clip', clipId, userId);
  await deps.database.db.transaction(async (tx) => {
    await tx
      .insert(catalogueCollectionClips)
      .values({ collectionId, clipId })
      .onConflictDoNothing();
    await tx
      .update(catalogueCollections)
      .set({ updatedAt: new Date() })
      .where(eq(catalogueCollections.id, collectionId));
  });
  const [summary] = await summaries(deps, userId, collectionId);
  return summary!;
}

export async function removeClipFromCollection(
  deps: AppDeps,
  userId: string,
  collectionId: string,
  clipId: string,
): Promise<CollectionSummary> {
  await ownCollection(deps, userId, collectionId);
  await deps.database.db.transaction(async (tx) => {
    await tx
      .delete(catalogueCollectionClips)
      .where(
        and(
          eq(catalogueCollectionClips.collectionId, collectionId),
          eq(catalogueCollectionClips.clipId, clipId),
        ),
      );
    await tx
      .update(catalogueCollections)
      .set({ updatedAt: new Date() })
      .where(eq(catalogueCollections.id, collectionId));
  });
  const [summary] = await summaries(deps, userId, collectionId);
  return summary!;
}
