// The video catalogue: channels (owned by users), videos, clips, people, tags (on clips),
// video tags (on videos), their joins, per-user favourites and collections, and the embedding
// bookkeeping. The vectors themselves live in `catalogue_vectors`, created at start only when
// the database has the `vector` extension (see server/catalogue/vectors.ts), so this
// migration runs on a PostgreSQL without pgvector too.
import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const catalogueChannels = pgTable(
  'catalogue_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: text('external_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    youtubeChannelId: text('youtube_channel_id'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalogue_channels_external_id_unique').on(t.externalId),
    uniqueIndex('catalogue_channels_slug_unique').on(t.slug),
    index('catalogue_channels_youtube_idx').on(t.youtubeChannelId),
    index('catalogue_channels_owner_idx').on(t.ownerUserId),
  ],
);

export const cataloguePeople = pgTable(
  'catalogue_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    youtubeChannelId: text('youtube_channel_id'),
  },
  (t) => [
    uniqueIndex('catalogue_people_slug_unique').on(t.slug),
    index('catalogue_people_youtube_idx').on(t.youtubeChannelId),
  ],
);

export const catalogueTags = pgTable(
  'catalogue_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_tags_slug_unique').on(t.slug)],
);

export const catalogueVideoTags = pgTable(
  'catalogue_video_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalogue_video_tags_kind_slug_unique').on(t.kind, t.slug)],
);

export const catalogueVideos = pgTable(
  'catalogue_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: text('external_id').notNull(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => catalogueChannels.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    premiereDate: date('premiere_date', { mode: 'string' }),
    durationSeconds: integer('duration_seconds'),
    virality: real('virality').notNull().default(0),
    accessLevel: text('access_level', { enum: ['public', 'members', 'private'] })
      .notNull()
      .default('public'),
    youtubeId: text('youtube_id'),
    thumbnailUrl: text('thumbnail_url'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    /** Hash of the text that is embedded; the indexer compares it with catalogue_embeddings. */
    textHash: text('text_hash').generatedAlwaysAs(
      sql`md5(coalesce(title, '') || '. ' || coalesce(description, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalogue_videos_external_id_unique').on(t.externalId),
    index('catalogue_videos_channel_idx').on(t.channelId),
    index('catalogue_videos_premiere_idx').on(
      sql`coalesce(${t.premiereDate}, '0001-01-01'::date)`,
      t.id,
    ),
    index('catalogue_videos_virality_idx').on(t.virality, t.id),
    index('catalogue_videos_created_idx').on(t.createdAt, t.id),
    index('catalogue_videos_search_idx').using('gin', t.searchVector),
  ],
);

export const catalogueClips = pgTable(
  'catalogue_clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: text('external_id').notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => catalogueVideos.id, { onDelete: 'cascade' }),
    startSeconds: real('start_seconds').notNull(),
    endSeconds: real('end_seconds').notNull(),
    durationSeconds: real('duration_seconds').generatedAlwaysAs(sql`end_seconds - start_seconds`),
    // Copies of the video's channel, access level and premiere date (written by the importer
    // with the video) so clip search filters, sorts and counts without joining videos.
    channelId: uuid('channel_id')
      .notNull()
      .references(() => catalogueChannels.id, { onDelete: 'cascade' }),
    accessLevel: text('access_level', { enum: ['public', 'members', 'private'] })
      .notNull()
      .default('public'),
    premiereDate: date('premiere_date', { mode: 'string' }),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    virality: real('virality').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(text, '')), 'B')`,
    ),
    textHash: text('text_hash').generatedAlwaysAs(
      sql`md5(coalesce(title, '') || '. ' || coalesce(text, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalogue_clips_external_id_unique').on(t.externalId),
    index('catalogue_clips_video_idx').on(t.videoId),
    index('catalogue_clips_channel_idx').on(t.channelId),
    index('catalogue_clips_premiere_idx').on(
      sql`coalesce(${t.premiereDate}, '0001-01-01'::date)`,
      t.id,
    ),
    index('catalogue_clips_created_idx').on(t.createdAt, t.id),
    index('catalogue_clips_virality_idx').on(t.virality, t.id),
    index('catalogue_clips_duration_idx').on(t.durationSeconds),
    index('catalogue_clips_search_idx').using('gin', t.searchVector),
  ],
);

export const catalogueVideoPeople = pgTable(
  'catalogue_video_people',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => catalogueVideos.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => cataloguePeople.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.personId] }),
    index('catalogue_video_people_person_idx').on(t.personId),
  ],
);

export const catalogueVideoVideoTags = pgTable(
  'catalogue_video_video_tags',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => catalogueVideos.id, { onDelete: 'cascade' }),
    videoTagId: uuid('video_tag_id')
      .notNull()
      .references(() => catalogueVideoTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.videoTagId] }),
    index('catalogue_video_video_tags_tag_idx').on(t.videoTagId),
  ],
);

export const catalogueClipTags = pgTable(
  'catalogue_clip_tags',
  {
    clipId: uuid('clip_id')
      .notNull()
      .references(() => catalogueClips.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => catalogueTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.clipId, t.tagId] }),
    index('catalogue_clip_tags_tag_idx').on(t.tagId),
  ],
);

export const catalogueFavourites = pgTable(
  'catalogue_favourites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => catalogueVideos.id, { onDelete: 'cascade' }),
    clipId: uuid('clip_id').references(() => catalogueClips.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalogue_favourites_user_video_unique').on(t.userId, t.videoId),
    uniqueIndex('catalogue_favourites_user_clip_unique').on(t.userId, t.clipId),
  ],
);

export const catalogueCollections = pgTable(
  'catalogue_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalogue_collections_user_idx').on(t.userId)],
);

export const catalogueCollectionClips = pgTable(
  'catalogue_collection_clips',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => catalogueCollections.id, { onDelete: 'cascade' }),
    clipId: uuid('clip_id')
      .notNull()
      .references(() => catalogueClips.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.clipId] })],
);

/**
 * One row per embedded item (kind `video` or `clip`): the hash of the text that was
 * embedded. The indexer embeds items whose row is missing or whose hash changed, so a restart
 * resumes where it stopped and unchanged texts are never embedded twice.
 */
export const catalogueEmbeddings = pgTable(
  'catalogue_embeddings',
  {
    kind: text('kind', { enum: ['video', 'clip'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    textHash: text('text_hash').notNull(),
    embeddedAt: timestamp('embedded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

/**
 * A user's claim, made at sign-up, to own the channel (or a person's channel) under a YouTube
 * channel id. Ownership is granted only when an admin approves the claim and the user's email
 * is verified (server/catalogue/channel-claim.ts).
 */
export const channelClaims = pgTable(
  'channel_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    youtubeChannelId: text('youtube_channel_id').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'refused'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_claims_user_channel_unique').on(t.userId, t.youtubeChannelId),
    index('channel_claims_status_idx').on(t.status, t.createdAt),
  ],
);
