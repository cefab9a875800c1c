// Kanban boards: one per owner (shared with members, see live.ts), its columns and cards. Order
// is a fractional key (`rank`, compared `COLLATE "C"`: code-unit order, the order the app sorts
// keys in) with ties broken by id, so a move writes one row. `rev` is the board's cursor: it
// grows by one with every change committed to the board; each card keeps the cursor of its last
// change, and per field who changed it at which cursor (`field_revs`), which is what an offline
// edit is compared against to keep a conflict record (docs/live.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import type { ConflictRecord } from '../../contracts/live.ts';
import { users } from './users.ts';

export interface ChecklistItem {
  id: string;
  text: string;
  done: boolean;
}

/** A fractional order key: text compared in code-unit order whatever the database's locale. */
export const rankText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** Who changed a card's field last, at which board cursor. */
export interface FieldRev {
  rev: number;
  by: string;
  at: string;
}

export const kanbanBoards = pgTable('kanban_boards', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .unique('kanban_boards_owner_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default('Board'),
  rev: bigint('rev', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const kanbanColumns = pgTable(
  'kanban_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** who made it (the board is `board_id`'s) */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: uuid('board_id')
      .notNull()
      .references(() => kanbanBoards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rank: rankText('rank').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kanban_columns_board_idx').on(t.boardId, t.rank, t.id)],
);

export const kanbanCards = pgTable(
  'kanban_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: uuid('board_id')
      .notNull()
      .references(() => kanbanBoards.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => kanbanColumns.id, { onDelete: 'cascade' }),
    rank: rankText('rank').notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    fieldRevs: jsonb('field_revs').$type<Record<string, FieldRev>>().notNull().default({}),
    conflicts: jsonb('conflicts').$type<ConflictRecord[]>().notNull().default([]),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    assignees: jsonb('assignees').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    due: timestamp('due', { withTimezone: true }),
    labels: jsonb('labels').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    checklist: jsonb('checklist').$type<ChecklistItem[]>().notNull().default(sql`'[]'::jsonb`),
    completed: boolean('completed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kanban_cards_column_idx').on(t.columnId, t.rank, t.id),
    index('kanban_cards_board_idx').on(t.boardId),
  ],
);

/** A deleted card as it was, so an offline edit that had not seen the delete can restore it. */
export const kanbanTombstones = pgTable(
  'kanban_tombstones',
  {
    cardId: uuid('card_id').primaryKey(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => kanbanBoards.id, { onDelete: 'cascade' }),
    card: jsonb('card').$type<Record<string, unknown>>().notNull(),
    deletedBy: uuid('deleted_by').notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kanban_tombstones_board_idx').on(t.boardId, t.deletedAt)],
);
