// One video with its clips, "find similar" by stored embedding, facet counts for the current
// filters, and channel pages. Every query goes through the same access condition as search.
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type {
  CatalogueFilters,
  ChannelHeader,
  ClipListItem,
  Facets,
  VideoDetail,
  VideoListItem,
} from '../contracts/catalogue.ts';
import { queryRows } from '../db/rows.ts';
import {
  filterConditions,
  fromClause,
  visibleTo,
  whereClause,
  type ListingScope,
  type Viewer,
} from './filters.ts';
import { loadClips, loadVideos } from './hydrate.ts';
import { semanticAvailability } from './semantic.ts';
import { VECTOR_TABLE } from './vectors.ts';

const notFound = (what: string) =>
  new TRPCError({
    code: 'NOT_FOUND',
    message: `This ${what} does not exist or is not visible to you.`,
  });

export async function videoDetail(
  deps: AppDeps,
  videoId: string,
  viewer: Viewer,
): Promise<VideoDetail> {
  const db = deps.database.db;
  const visible = await queryRows<{ id: string }>(
    db,
    sql`select v.id from ${fromClause('video')} where v.id = ${videoId} and ${visibleTo(viewer)}`,
  );
  if (!visible.length) throw notFound('video');
  const clipIds = await queryRows<{ id: string }>(
    db,
    sql`select id from catalogue_clips where video_id = ${videoId} order by start_seconds, id`,
  );
  const [[video], clips] = await Promise.all([
    loadVideos(db, [videoId], viewer.userId),
    loadClips(
      db,
      clipIds.map((r) => r.id),
      viewer.userId,
    ),
  ]);
  return { ...video!, clips };
}

export async function similarItems(
  deps: AppDeps,
  input: { videoId?: string; clipId?: string; limit?: number },
  viewer: Viewer,
): Promise<{ videos: VideoListItem[]; clips: ClipListItem[] }> {
  const kind = input.clipId ? 'clip' : 'video';
  const availability = await semanticAvailability(deps, kind);
  if (availability.error) {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: availability.error });
  }
  const db = deps.database.db;
  const limit = input.limit ?? 12;
  const id = (input.clipId ?? input.videoId)!;
  const row = kind === 'clip' ? sql`c` : sql`v`;
  const source = await queryRows<{ id: string }>(
    db,
    sql`select ${row}.id from ${fromClause(kind)} where ${row}.id = ${id} and ${visibleTo(viewer, kind)}`,
  );
  if (!source.length) throw notFound(kind);
  const table = VECTOR_TABLE[kind];
  const stored = await queryRows<{ embedding: string }>(
    db,
    sql`select embedding::text as embedding from ${table} where item_id = ${id}`,
  );
  if (!stored.length) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'This item is not in the search index yet. Try again when indexing has finished.',
    });
  }
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select ${row}.id as id from ${fromClause(kind)} join ${table} e on e.item_id = ${row}.id
      where ${visibleTo(viewer, kind)} and ${row}.id <> ${id}
      ${kind === 'clip' ? sql`and c.video_id <> (select video_id from catalogue_clips where id = ${id})` : sql``}
      order by e.embedding <=> ${stored[0]!.embedding}::vector limit ${limit}`,
  );
  const ordered = ids.map((r) => r.id);
  return kind === 'clip'
    ? { videos: [], clips: await loadClips(db, ordered, viewer.userId) }
    : { videos: await loadVideos(db, ordered, viewer.userId), clips: [] };
}

export async function facetCounts(
  deps: AppDeps,
  filters: CatalogueFilters & ListingScope,
  viewer: Viewer,
): Promise<Facets> {
  const db = deps.database.db;
  const videoWhere = whereClause(filterConditions('video', filters, viewer));
  const clipWhere = whereClause(filterConditions('clip', filters, viewer));
  type Row = { id: string; name: string; slug: string; count: string | number; kind?: string };
  const [people, videoTags, tags] = await Promise.all([
    queryRows<Row>(
      db,
      sql`with matched as (select v.id from ${fromClause('video')} ${videoWhere})
        select p.id, p.name, p.slug, count(*) as count from matched m
        join catalogue_video_people vp on vp.video_id = m.id join catalogue_people p on p.id = vp.person_id
        group by p.id order by count(*) desc, p.name limit 50`,
    ),
    queryRows<Row>(
      db,
      sql`with matched as (select v.id from ${fromClause('video')} ${videoWhere})
        select t.id, t.name, t.slug, t.kind, count(*) as count from matched m
        join catalogue_video_video_tags vt on vt.video_id = m.id join catalogue_video_tags t on t.id = vt.video_tag_id
        group by t.id order by t.kind, count(*) desc, t.name limit 200`,
    ),
    queryRows<Row>(
      db,
      sql`with matched as (select c.id from ${fromClause('clip')} ${clipWhere})
        select t.id, t.name, t.slug, count(*) as count from matched m
        join catalogue_clip_tags ct on ct.clip_id = m.id join catalogue_tags t on t.id = ct.tag_id
        group by t.id order by count(*) desc, t.name limit 50`,
    ),
  ]);
  const shape = (r: Row) => ({ id: r.id, name: r.name, slug: r.slug, count: Number(r.count) });
  return {
    people: people.map(shape),
    tags: tags.map(shape),
    videoTags: videoTags.map((r) => ({ ...shape(r), kind: r.kind ?? '' })),
  };
}

/** A channel by its slug, or by the slug of the user who owns it. */
export async function channelHeader(
  deps: AppDeps,
  slug: string,
  viewer: Viewer,
): Promise<ChannelHeader & { id: string }> {
  const db = deps.database.db;
  const [channel] = await queryRows<{
    id: string;
    slug: string;
    name: string;
    youtube_channel_id: string | null;
    insider: boolean;
  }>(
    db,
    // the YouTube id is for the owner and admins: shown to anyone, it is what a sign-up claims
    sql`select ch.id, ch.slug, ch.name, ch.youtube_channel_id,
        (ch.owner_user_id = ${viewer.userId}
          or exists (select 1 from users a where a.id = ${viewer.userId} and a.role = 'admin')) as insider
      from catalogue_channels ch
      left join users u on u.id = ch.owner_user_id
      where ch.slug = ${slug} or u.slug = ${slug}
      order by (ch.slug = ${slug}) desc limit 1`,
  );
  if (!channel) throw notFound('channel');
  const [count] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from ${fromClause('video')} where v.channel_id = ${channel.id} and ${visibleTo(viewer)}`,
  );
  return {
    id: channel.id,
    slug: channel.slug,
    name: channel.name,
    youtubeChannelId: channel.insider ? channel.youtube_channel_id : null,
    videoCount: Number(count?.n ?? 0),
  };
}
