// Loads the list shapes of the contract (VideoListItem, ClipListItem) for ids already chosen
// and ordered by a search, keeping that order: one query for the rows (with the caller's
// favourites) and one per related list (people, video tags, clip tags, clip counts).
import { sql } from 'drizzle-orm';

import type {
  AccessLevel,
  ClipListItem,
  NamedRef,
  VideoListItem,
  VideoTagRef,
} from '../contracts/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

interface VideoRow {
  id: string;
  external_id: string;
  title: string;
  description: string;
  channel_slug: string;
  channel_name: string;
  premiere_date: string | null;
  duration_seconds: number | null;
  virality: number | string;
  access_level: AccessLevel;
  youtube_id: string | null;
  thumbnail_url: string | null;
  created_at: string | Date;
  favourite: boolean;
}

interface ClipRow {
  id: string;
  external_id: string;
  video_id: string;
  video_title: string;
  channel_slug: string;
  channel_name: string;
  title: string;
  text: string;
  start_seconds: number | string;
  end_seconds: number | string;
  virality: number | string;
  premiere_date: string | null;
  access_level: AccessLevel;
  youtube_id: string | null;
  thumbnail_url: string | null;
  created_at: string | Date;
  favourite: boolean;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();
const dateOnly = (v: string | Date | null) =>
  v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : v.slice(0, 10);

/** Groups `{ owner, ...ref }` rows by owner, dropping the owner key. */
function groupBy<T extends { owner: string }>(rows: T[]): Map<string, Omit<T, 'owner'>[]> {
  const map = new Map<string, Omit<T, 'owner'>[]>();
  for (const { owner, ...ref } of rows) {
    const list = map.get(owner);
    if (list) list.push(ref);
    else map.set(owner, [ref]);
  }
  return map;
}

function ordered<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}

export async function loadVideos(
  db: Executor,
  ids: string[],
  userId: string | null,
): Promise<VideoListItem[]> {
  if (!ids.length) return [];
  const idArray = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const [rows, people, videoTags, clipCounts] = await Promise.all([
    queryRows<VideoRow>(
      db,
      sql`select v.id, v.external_id, v.title, v.description, ch.slug as channel_slug,
        ch.name as channel_name, v.premiere_date::text as premiere_date, v.duration_seconds,
        v.virality, v.access_level, v.youtube_id, v.thumbnail_url, v.created_at,
        ${
          userId
            ? sql`exists (select 1 from catalogue_favourites f where f.user_id = ${userId} and f.video_id = v.id)`
            : sql`false`
        } as favourite
      from catalogue_videos v join catalogue_channels ch on ch.id = v.channel_id
      where v.id = any(${idArray})`,
    ),
    queryRows<NamedRef & { owner: string }>(
      db,
      sql`select vp.video_id as owner, p.id, p.name, p.slug from catalogue_video_people vp
        join catalogue_people p on p.id = vp.person_id
        where vp.video_id = any(${idArray}) order by p.name`,
    ),
    queryRows<VideoTagRef & { owner: string }>(
      db,
      sql`select vt.video_id as owner, t.id, t.name, t.slug, t.kind from catalogue_video_video_tags vt
        join catalogue_video_tags t on t.id = vt.video_tag_id
        where vt.video_id = any(${idArray}) order by t.kind, t.name`,
    ),
    queryRows<{ video_id: string; n: string | number }>(
      db,
      sql`select video_id, count(*) as n from catalogue_clips
        where video_id = any(${idArray}) group by video_id`,
    ),
  ]);
  const peopleOf = groupBy(people);
  const tagsOf = groupBy(videoTags);
  const countOf = new Map(clipCounts.map((c) => [c.video_id, Number(c.n)]));
  return ordered(ids, rows).map((r) => ({
    id: r.id,
    externalId: r.external_id,
    title: r.title,
    description: r.description,
    channel: { slug: r.channel_slug, name: r.channel_name },
    premiereDate: dateOnly(r.premiere_date),
    durationSeconds: r.duration_seconds,
    virality: Number(r.virality),
    accessLevel: r.access_level,
    youtubeId: r.youtube_id,
    thumbnailUrl: r.thumbnail_url,
    clipCount: countOf.get(r.id) ?? 0,
    people: peopleOf.get(r.id) ?? [],
    videoTags: tagsOf.get(r.id) ?? [],
    createdAt: iso(r.created_at),
    favourite: Boolean(r.favourite),
  }));
}

export async function loadClips(
  db: Executor,
  ids: string[],
  userId: string | null,
): Promise<ClipListItem[]> {
  if (!ids.length) return [];
  const idArray = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const [rows, tags] = await Promise.all([
    queryRows<ClipRow>(
      db,
      sql`select c.id, c.external_id, c.video_id, v.title as video_title, ch.slug as channel_slug,
        ch.name as channel_name, c.title, c.text, c.start_seconds, c.end_seconds, c.virality,
        v.premiere_date::text as premiere_date, v.access_level, v.youtube_id, v.thumbnail_url,
        c.created_at,
        ${
          userId
            ? sql`exists (select 1 from catalogue_favourites f where f.user_id = ${userId} and f.clip_id = c.id)`
            : sql`false`
        } as favourite
      from catalogue_clips c join catalogue_videos v on v.id = c.video_id
        join catalogue_channels ch on ch.id = v.channel_id
      where c.id = any(${idArray})`,
    ),
    queryRows<NamedRef & { owner: string }>(
      db,
      sql`select ct.clip_id as owner, t.id, t.name, t.slug from catalogue_clip_tags ct
        join catalogue_tags t on t.id = ct.tag_id
        where ct.clip_id = any(${idArray}) order by t.name`,
    ),
  ]);
  const tagsOf = groupBy(tags);
  return ordered(ids, rows).map((r) => {
    const start = Number(r.start_seconds);
    const end = Number(r.end_seconds);
    return {
      id: r.id,
      externalId: r.external_id,
      videoId: r.video_id,
      videoTitle: r.video_title,
      channel: { slug: r.channel_slug, name: r.channel_name },
      title: r.title,
      text: r.text,
      startSeconds: start,
      endSeconds: end,
      durationSeconds: Math.round((end - start) * 10) / 10,
      virality: Number(r.virality),
      premiereDate: dateOnly(r.premiere_date),
      accessLevel: r.access_level,
      youtubeId: r.youtube_id,
      thumbnailUrl: r.thumbnail_url,
      tags: tagsOf.get(r.id) ?? [],
      createdAt: iso(r.created_at),
      favourite: Boolean(r.favourite),
    };
  });
}
