// The catalogue importer: JSON Lines in, rows out. Idempotent by external id (a second run
// updates in place and leaves one copy; clips dropped from a video's line are removed). A bad
// line is reported with its line number and skipped; the rest is imported. Lines are written
// in batches, each batch in one transaction with multi-row inserts, which is what keeps the
// demo catalogue's first start short. The CLI (import-cli.ts) and the demo seed both use it.
import { inArray, isNotNull, notInArray, and, sql } from 'drizzle-orm';

import type { Database, Executor } from '../db/client.ts';
import {
  catalogueChannels,
  catalogueClips,
  catalogueClipTags,
  cataloguePeople,
  catalogueTags,
  catalogueVideoPeople,
  catalogueVideos,
  catalogueVideoTags,
  catalogueVideoVideoTags,
  users,
} from '../db/schema/index.ts';
import { importVideoSchema, catalogueSlug, type ImportVideo } from './import-format.ts';

export interface ImportProblem {
  line: number;
  error: string;
}

export interface ImportSummary {
  lines: number;
  videos: number;
  clips: number;
  skipped: ImportProblem[];
  ms: number;
}

export interface ImportOptions {
  batchSize?: number;
  onProgress?: (progress: { line: number; videos: number; clips: number; skipped: number }) => void;
}

/** Parses and validates one line; `null` for a blank line. */
export function parseLine(raw: string): { video: ImportVideo } | { error: string } | null {
  const line = raw.trim();
  if (!line) return null;
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { error: 'not valid JSON' };
  }
  const parsed = importVideoSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return { error: `${where}${issue.message}` };
  }
  return { video: parsed.data };
}

/** Inserts in chunks so a large batch stays under PostgreSQL's 65,535 parameters. */
async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const map = new Map<string, T>();
  for (const item of items) map.set(key(item), item);
  return [...map.values()];
}

async function upsertChannels(tx: Executor, videos: ImportVideo[]): Promise<Map<string, string>> {
  const channels = uniqueBy(
    videos.map((v) => v.channel),
    (c) => c.externalId,
  );
  const emailOf = (c: ImportVideo['channel']) => c.ownerEmail?.trim().toLowerCase();
  const emails = channels.map(emailOf).filter((e): e is string => Boolean(e));
  // Only an address its owner has proved (a verified email) may receive a channel.
  const owners = emails.length
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(inArray(users.email, emails), isNotNull(users.emailVerifiedAt)))
    : [];
  const ownerByEmail = new Map(owners.map((o) => [o.email, o.id]));
  const existing = await tx
    .select({ externalId: catalogueChannels.externalId, slug: catalogueChannels.slug })
    .from(catalogueChannels);
  const slugOwner = new Map(existing.map((c) => [c.slug, c.externalId]));
  const existingSlug = new Map(existing.map((c) => [c.externalId, c.slug]));
  const rows = channels.map((c) => {
    let slug = existingSlug.get(c.externalId) ?? c.slug ?? catalogueSlug(c.name);
    if (!existingSlug.has(c.externalId)) {
      const base = slug;
      for (let n = 2; slugOwner.has(slug) && slugOwner.get(slug) !== c.externalId; n += 1) {
        slug = `${base}-${n}`;
      }
      slugOwner.set(slug, c.externalId);
    }
    return {
      externalId: c.externalId,
      name: c.name,
      slug,
      youtubeChannelId: c.youtubeChannelId ?? null,
      ownerUserId: ownerByEmail.get(emailOf(c) ?? '') ?? null,
    };
  });
  const saved = await tx
    .insert(catalogueChannels)
    .values(rows)
    .onConflictDoUpdate({
      target: catalogueChannels.externalId,
      set: {
        name: sql`excluded.name`,
        youtubeChannelId: sql`coalesce(excluded.youtube_channel_id, ${catalogueChannels.youtubeChannelId})`,
        ownerUserId: sql`coalesce(excluded.owner_user_id, ${catalogueChannels.ownerUserId})`,
      },
    })
    .returning({ id: catalogueChannels.id, externalId: catalogueChannels.externalId });
  return new Map(saved.map((r) => [r.externalId, r.id]));
}

async function upsertNamed(
  tx: Executor,
  table: typeof cataloguePeople | typeof catalogueTags,
  items: { name: string; youtubeChannelId?: string }[],
): Promise<Map<string, string>> {
  const rows = uniqueBy(
    items.map((i) => ({ slug: catalogueSlug(i.name), name: i.name, yt: i.youtubeChannelId })),
    (r) => r.slug,
  );
  const ids = new Map<string, string>();
  if (!rows.length) return ids;
  await chunked(rows, 2000, async (chunk) => {
    const saved =
      table === cataloguePeople
        ? await tx
            .insert(cataloguePeople)
            .values(
              chunk.map((r) => ({ slug: r.slug, name: r.name, youtubeChannelId: r.yt ?? null })),
            )
            .onConflictDoUpdate({
              target: cataloguePeople.slug,
              set: {
                name: sql`excluded.name`,
                youtubeChannelId: sql`coalesce(excluded.youtube_channel_id, ${cataloguePeople.youtubeChannelId})`,
              },
            })
            .returning({ id: cataloguePeople.id, slug: cataloguePeople.slug })
        : await tx
            .insert(catalogueTags)
            .values(chunk.map((r) => ({ slug: r.slug, name: r.name })))
            .onConflictDoUpdate({ target: catalogueTags.slug, set: { name: sql`excluded.name` } })
            .returning({ id: catalogueTags.id, slug: catalogueTags.slug });
    for (const r of saved) ids.set(r.slug, r.id);
  });
  return ids;
}

async function upsertVideoTags(tx: Executor, videos: ImportVideo[]): Promise<Map<string, string>> {
  const rows = uniqueBy(
    videos.flatMap((v) =>
      v.videoTags.map((t) => ({ kind: t.kind, slug: catalogueSlug(t.name), name: t.name })),
    ),
    (r) => `${r.kind}/${r.slug}`,
  );
  const ids = new Map<string, string>();
  if (!rows.length) return ids;
  const saved = await tx
    .insert(catalogueVideoTags)
    .values(rows)
    .onConflictDoUpdate({
      target: [catalogueVideoTags.kind, catalogueVideoTags.slug],
      set: { name: sql`excluded.name` },
    })
    .returning({
      id: catalogueVideoTags.id,
      kind: catalogueVideoTags.kind,
      slug: catalogueVideoTags.slug,
    });
  for (const r of saved) ids.set(`${r.kind}/${r.slug}`, r.id);
  return ids;
}

async function writeBatch(
  db: Database,
  batch: ImportVideo[],
): Promise<{ videos: number; clips: number }> {
  const videos = uniqueBy(batch, (v) => v.externalId);
  return db.transaction(async (tx) => {
    const channelIds = await upsertChannels(tx, videos);
    const personIds = await upsertNamed(
      tx,
      cataloguePeople,
      videos.flatMap((v) => v.people),
    );
    const tagIds = await upsertNamed(
      tx,
      catalogueTags,
      videos.flatMap((v) => v.clips.flatMap((c) => c.tags.map((name) => ({ name })))),
    );
    const videoTagIds = await upsertVideoTags(tx, videos);

    const savedVideos = await tx
      .insert(catalogueVideos)
      .values(
        videos.map((v) => ({
          externalId: v.externalId,
          channelId: channelIds.get(v.channel.externalId)!,
          title: v.title,
          description: v.description,
          premiereDate: v.premiereDate ?? null,
          durationSeconds: v.durationSeconds ?? null,
          virality: v.virality,
          accessLevel: v.accessLevel,
          youtubeId: v.youtubeId ?? null,
          thumbnailUrl: v.thumbnailUrl ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: catalogueVideos.externalId,
        set: {
          channelId: sql`excluded.channel_id`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          premiereDate: sql`excluded.premiere_date`,
          durationSeconds: sql`excluded.duration_seconds`,
          virality: sql`excluded.virality`,
          accessLevel: sql`excluded.access_level`,
          youtubeId: sql`excluded.youtube_id`,
          thumbnailUrl: sql`excluded.thumbnail_url`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: catalogueVideos.id, externalId: catalogueVideos.externalId });
    const videoIdOf = new Map(savedVideos.map((r) => [r.externalId, r.id]));
    const videoIds = [...videoIdOf.values()];

    await tx.delete(catalogueVideoPeople).where(inArray(catalogueVideoPeople.videoId, videoIds));
    await tx
      .delete(catalogueVideoVideoTags)
      .where(inArray(catalogueVideoVideoTags.videoId, videoIds));
    const peopleRows = uniqueBy(
      videos.flatMap((v) =>
        v.people.map((p) => ({
          videoId: videoIdOf.get(v.externalId)!,
          personId: personIds.get(catalogueSlug(p.name))!,
          role: p.role,
        })),
      ),
      (r) => `${r.videoId}/${r.personId}`,
    );
    await chunked(peopleRows, 5000, (chunk) => tx.insert(catalogueVideoPeople).values(chunk));
    const videoTagRows = uniqueBy(
      videos.flatMap((v) =>
        v.videoTags.map((t) => ({
          videoId: videoIdOf.get(v.externalId)!,
          videoTagId: videoTagIds.get(`${t.kind}/${catalogueSlug(t.name)}`)!,
        })),
      ),
      (r) => `${r.videoId}/${r.videoTagId}`,
    );
    await chunked(videoTagRows, 5000, (chunk) => tx.insert(catalogueVideoVideoTags).values(chunk));

    const clips = uniqueBy(
      videos.flatMap((v) =>
        v.clips.map((c) => ({
          ...c,
          videoId: videoIdOf.get(v.externalId)!,
          channelId: channelIds.get(v.channel.externalId)!,
          accessLevel: v.accessLevel,
          premiereDate: v.premiereDate ?? null,
        })),
      ),
      (c) => c.externalId,
    );
    const clipExternalIds = clips.map((c) => c.externalId);
    await tx
      .delete(catalogueClips)
      .where(
        clipExternalIds.length
          ? and(
              inArray(catalogueClips.videoId, videoIds),
              notInArray(catalogueClips.externalId, clipExternalIds),
            )
          : inArray(catalogueClips.videoId, videoIds),
      );
    const clipIdOf = new Map<string, string>();
    await chunked(clips, 2000, async (chunk) => {
      const saved = await tx
        .insert(catalogueClips)
        .values(
          chunk.map((c) => ({
            externalId: c.externalId,
            videoId: c.videoId,
            channelId: c.channelId,
            accessLevel: c.accessLevel,
            premiereDate: c.premiereDate,
            startSeconds: c.startSeconds,
            endSeconds: c.endSeconds,
            title: c.title,
            text: c.text,
            virality: c.virality,
          })),
        )
        .onConflictDoUpdate({
          target: catalogueClips.externalId,
          set: {
            videoId: sql`excluded.video_id`,
            channelId: sql`excluded.channel_id`,
            accessLevel: sql`excluded.access_level`,
            premiereDate: sql`excluded.premiere_date`,
            startSeconds: sql`excluded.start_seconds`,
            endSeconds: sql`excluded.end_seconds`,
            title: sql`excluded.title`,
            text: sql`excluded.text`,
            virality: sql`excluded.virality`,
          },
        })
        .returning({ id: catalogueClips.id, externalId: catalogueClips.externalId });
      for (const r of saved) clipIdOf.set(r.externalId, r.id);
    });
    const clipIds = [...clipIdOf.values()];
    if (clipIds.length) {
      await chunked(clipIds, 5000, (chunk) =>
        tx.delete(catalogueClipTags).where(inArray(catalogueClipTags.clipId, chunk)),
      );
    }
    const clipTagRows = uniqueBy(
      clips.flatMap((c) =>
        c.tags.map((name) => ({
          clipId: clipIdOf.get(c.externalId)!,
          tagId: tagIds.get(catalogueSlug(name))!,
        })),
      ),
      (r) => `${r.clipId}/${r.tagId}`,
    );
    await chunked(clipTagRows, 5000, (chunk) => tx.insert(catalogueClipTags).values(chunk));
    return { videos: videos.length, clips: clips.length };
  });
}

export async function importCatalogue(
  db: Database,
  lines: Iterable<string> | AsyncIterable<string>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 250;
  const summary: ImportSummary = { lines: 0, videos: 0, clips: 0, skipped: [], ms: 0 };
  let batch: ImportVideo[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const written = await writeBatch(db, batch);
    summary.videos += written.videos;
    summary.clips += written.clips;
    batch = [];
    options.onProgress?.({
      line: summary.lines,
      videos: summary.videos,
      clips: summary.clips,
      skipped: summary.skipped.length,
    });
  };
  for await (const raw of lines) {
    summary.lines += 1;
    const result = parseLine(raw);
    if (!result) continue;
    if ('error' in result) {
      summary.skipped.push({ line: summary.lines, error: result.error });
      continue;
    }
    batch.push(result.video);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // PGlite runs no autovacuum, so without this the planner has no statistics and picks
  // nested loops that turn a 30 ms filter into seconds.
  if (summary.videos)
    await db.execute(
      sql`analyze catalogue_videos, catalogue_clips, catalogue_clip_tags, catalogue_video_people, catalogue_video_video_tags, catalogue_channels`,
    );
  summary.ms = Date.now() - started;
  return summary;
}
