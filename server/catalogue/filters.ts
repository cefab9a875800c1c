// The filter set (docs/product-rules.md#catalogue) as SQL conditions, for videos (alias `v`) and
// clips (alias `c`, which carries copies of its video's channel, access level and premiere date, so
// no join). Within one list the ids are alternatives (any of the chosen people); different filters
// all apply, and so does the listing's scope (a channel, the viewer's favourites, a collection).
// Access is part of every query: `public` for anyone, `members` for signed-in callers whose email
// is verified, `private` for the channel's owner only, and `accessLevel` narrows within that.
import { sql, type SQL } from 'drizzle-orm';

import type { SearchQuery } from '../contracts/catalogue.ts';

export type Kind = 'video' | 'clip';

export interface Viewer {
  userId: string | null;
}

/** Video-level columns: on `v` for videos, copied onto `c` for clips (no join needed). */
const COLUMNS = {
  video: {
    access: sql`v.access_level`,
    premiere: sql`v.premiere_date`,
    channel: sql`v.channel_id`,
    videoId: sql`v.id`,
  },
  clip: {
    access: sql`c.access_level`,
    premiere: sql`c.premiere_date`,
    channel: sql`c.channel_id`,
    videoId: sql`c.video_id`,
  },
} satisfies Record<Kind, Record<string, SQL>>;

export function premiereColumn(kind: Kind): SQL {
  return COLUMNS[kind].premiere;
}

export function visibleTo(viewer: Viewer, kind: Kind = 'video'): SQL {
  const { access, channel } = COLUMNS[kind];
  if (!viewer.userId) return sql`${access} = 'public'`;
  // an uncorrelated sub-select: evaluated once per query, not per row
  const member = sql`exists (select 1 from users where id = ${viewer.userId} and email_verified_at is not null)`;
  return sql`(${access} = 'public' or (${access} = 'members' and ${member}) or ${channel} in (select id from catalogue_channels where owner_user_id = ${viewer.userId}))`;
}

function uuidArray(ids: string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Every `textArr` term must match; inside a term every word must match, the last one as a
 * prefix (type-ahead). Words are reduced to letters and digits so no input can break the
 * tsquery syntax. Returns null when nothing searchable is left.
 */
export function textQuery(textArr: string[] | undefined): string | null {
  if (!textArr?.length) return null;
  const parts: string[] = [];
  for (const term of textArr) {
    const words = term.toLowerCase().match(WORD) ?? [];
    words.forEach((word, index) => {
      parts.push(index === words.length - 1 ? `${word}:*` : word);
    });
  }
  return parts.length ? parts.join(' & ') : null;
}

export function tsQuery(query: string): SQL {
  return sql`to_tsquery('english', ${query})`;
}

/**
 * The listing a search runs within: one channel (its public page), the viewer's favourites,
 * or one collection. A collection's owner is checked before (library.ts), so the condition
 * only names the collection.
 */
export interface ListingScope {
  channelId?: string;
  favouritesOf?: string;
  collectionId?: string;
}

type FilterInput = Pick<
  SearchQuery,
  | 'videoIds'
  | 'personIds'
  | 'tagIds'
  | 'videoTagIds'
  | 'beforePremiereDate'
  | 'afterPremiereDate'
  | 'minClipDuration'
  | 'maxClipDuration'
  | 'accessLevel'
  | 'textArr'
> &
  ListingScope;

export function filterConditions(kind: Kind, input: FilterInput, viewer: Viewer): SQL[] {
  const col = COLUMNS[kind];
  const where: SQL[] = [visibleTo(viewer, kind)];
  if (input.accessLevel) where.push(sql`${col.access} = ${input.accessLevel}`);
  if (input.channelId) where.push(sql`${col.channel} = ${input.channelId}`);
  if (input.favouritesOf) {
    const target = kind === 'clip' ? sql`f.clip_id = c.id` : sql`f.video_id = v.id`;
    where.push(
      sql`exists (select 1 from catalogue_favourites f where f.user_id = ${input.favouritesOf} and ${target})`,
    );
  }
  if (input.collectionId) {
    // a video is in a collection through its clips
    where.push(
      kind === 'clip'
        ? sql`exists (select 1 from catalogue_collection_clips cc where cc.collection_id = ${input.collectionId} and cc.clip_id = c.id)`
        : sql`exists (select 1 from catalogue_collection_clips cc join catalogue_clips kc on kc.id = cc.clip_id where cc.collection_id = ${input.collectionId} and kc.video_id = v.id)`,
    );
  }
  if (input.videoIds?.length) where.push(sql`${col.videoId} = any(${uuidArray(input.videoIds)})`);
  if (input.personIds?.length) {
    where.push(
      sql`exists (select 1 from catalogue_video_people vp where vp.video_id = ${col.videoId} and vp.person_id = any(${uuidArray(input.personIds)}))`,
    );
  }
  if (input.videoTagIds?.length) {
    where.push(
      sql`exists (select 1 from catalogue_video_video_tags vt where vt.video_id = ${col.videoId} and vt.video_tag_id = any(${uuidArray(input.videoTagIds)}))`,
    );
  }
  if (input.beforePremiereDate) where.push(sql`${col.premiere} <= ${input.beforePremiereDate}`);
  if (input.afterPremiereDate) where.push(sql`${col.premiere} >= ${input.afterPremiereDate}`);

  const clipConditions: SQL[] = [];
  if (input.tagIds?.length) {
    clipConditions.push(
      sql`exists (select 1 from catalogue_clip_tags ct where ct.clip_id = c.id and ct.tag_id = any(${uuidArray(input.tagIds)}))`,
    );
  }
  if (input.minClipDuration !== undefined) {
    clipConditions.push(sql`c.duration_seconds >= ${input.minClipDuration}`);
  }
  if (input.maxClipDuration !== undefined) {
    clipConditions.push(sql`c.duration_seconds <= ${input.maxClipDuration}`);
  }
  if (kind === 'clip') {
    where.push(...clipConditions);
  } else if (clipConditions.length) {
    // A video matches the clip filters when one of its clips does.
    where.push(
      sql`exists (select 1 from catalogue_clips c where c.video_id = v.id and ${sql.join(clipConditions, sql` and `)})`,
    );
  }

  const text = textQuery(input.textArr);
  if (text) {
    const alias = kind === 'clip' ? sql`c` : sql`v`;
    where.push(sql`${alias}.search_vector @@ ${tsQuery(text)}`);
  }
  return where;
}

export function fromClause(kind: Kind): SQL {
  return kind === 'clip' ? sql`catalogue_clips c` : sql`catalogue_videos v`;
}

export function whereClause(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}
