// The blog: posts (shared content; drafts visible to their author only), comments with one
// level of replies, cover images (their bytes in server/storage), and the record that makes a view count once per viewer and
// day. `view_count` is kept on the post (the popular sort reads it); `blog_post_views` holds a
// row per (post, viewer, day) for the current day only, so a reload does not count again.
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export const blogCovers = pgTable(
  'blog_covers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the type it was uploaded as; both stored sizes are WebP */
    contentType: text('content_type').notNull(),
    /** bytes of the stored full-size cover (counts towards the owner's storage quota) */
    size: integer('size').notNull(),
    /** server/storage blob: the cover, at most 1600 px wide */
    blobHash: text('blob_hash').notNull(),
    /** server/storage blob: the list card's size, 800 px wide */
    cardHash: text('card_hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_covers_owner_idx').on(t.ownerId, t.createdAt)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverId: uuid('cover_id').references(() => blogCovers.id, { onDelete: 'set null' }),
    /** sanitised HTML */
    bodyHtml: text('body_html').notNull().default(''),
    /** plain text of the body, for search and the description fallback */
    bodyText: text('body_text').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** the first publication; kept when a post is unpublished and published again */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_unique').on(t.slug),
    index('blog_posts_status_published_idx').on(t.status, t.publishedAt),
    index('blog_posts_author_idx').on(t.authorId, t.updatedAt),
  ],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the top-level comment this replies to; deleting it deletes its replies */
    parentId: uuid('parent_id').references((): AnyPgColumn => blogComments.id, {
      onDelete: 'cascade',
    }),
    /** plain text */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_comments_post_idx').on(t.postId, t.createdAt),
    index('blog_comments_parent_idx').on(t.parentId),
  ],
);

export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    /** `u:<user id>` or `a:<hash of the client address>` */
    viewer: text('viewer').notNull(),
    /** days since 1970-01-01 (UTC) */
    day: integer('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewer, t.day] })],
);
