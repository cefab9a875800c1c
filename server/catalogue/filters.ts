// The spec's filter set as SQL conditions, for videos (alias `v`, channel `ch`) and clips
// (alias `c`, its video `v`, channel `ch`). Within one list the ids are alternatives (any
// of the chosen people); different filters all apply. Access is part of every query:
// `public` for anyone, `members` for signed-in callers, `private` for the channel's owner
// only, and `accessLevel` narrows within that.
import { sql, type SQL } from 'drizzle-orm';

import type { SearchQuery } from '../contracts/catalogue.ts';

export type Kind = 'video' | 'clip';

export interface Viewer {
  userId: string | null;
}

export function visibleTo(viewer: Viewer): SQL {
  if (!viewer.userId) return sql`v.access_level = 'public'`;
  return sql`(v.access_level in ('public', 'members') or ch.owner_user_id = ${viewer.userId})`;
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
> & { channelId?: string };

export function filterConditions(kind: Kind, input: FilterInput, viewer: Viewer): SQL[] {
  const where: SQL[] = [visibleTo(viewer)];
  if (input.accessLevel) where.push(sql`v.access_level = ${input.accessLevel}`);
  if (input.channelId) where.push(sql`v.channel_id = ${input.channelId}`);
  if (input.videoIds?.length) where.push(sql`v.id = any(${uuidArray(input.videoIds)})`);
  if (input.personIds?.length) {
    where.push(
      sql`exists (select 1 from catalogue_video_people vp where vp.video_id = v.id and vp.person_id = any(${uuidArray(input.personIds)}))`,
    );
  }
  if (input.videoTagIds?.length) {
    where.push(
      sql`exists (select 1 from catalogue_video_video_tags vt where vt.video_id = v.id and vt.video_tag_id = any(${uuidArray(input.videoTagIds)}))`,
    );
  }
  if (input.beforePremiereDate) where.push(sql`v.premiere_date <= ${input.beforePremiereDate}`);
  if (input.afterPremiereDate) where.push(sql`v.premiere_date >= ${input.afterPremiereDate}`);

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
  return kind === 'clip'
    ? sql`catalogue_clips c join catalogue_videos v on v.id = c.video_id join catalogue_channels ch on ch.id = v.channel_id`
    : sql`catalogue_videos v join catalogue_channels ch on ch.id = v.channel_id`;
}

export function whereClause(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}
