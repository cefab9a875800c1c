// Kanban payloads shared by the server routes and the client's board, drawer and sync queue.
// The board has the product's shape: cards by id, columns by id (each with its ordered cardIds)
// and the columnOrder list. Moves are intents ("card X to column Y at index i") so replaying
// them after other changes still lands where the user meant.
//
// Sizes are bounded so one account cannot fill the database: a name is 120 characters, a
// description 5,000, a card has at most 20 assignees (80 characters each), 20 labels (40) and
// 100 checklist items (300); a board holds at most MAX_COLUMNS_PER_BOARD columns (422 naming
// `board` past that) of MAX_CARDS_PER_COLUMN cards (422 naming `columnId`, on a new card or a
// move into a full column). No real board comes near them. The bound is per column because its
// count is the one a new card or a move already reads (cheap on the column index); counting the
// whole board on each new card cost the sync replay a scan per change.
import { z } from 'zod';

import type { ConflictRecord, Role } from './live.ts';

export const MAX_COLUMNS_PER_BOARD = 200;
export const MAX_CARDS_PER_COLUMN = 1_000;

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

const id = (name: string) => z.uuid(`The ${name} must be a UUID.`);
const index = z
  .number()
  .int('The index must be a whole number.')
  .min(0, 'The index must be 0 or more.');
const name = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(120, 'Name is too long (120 characters at most).');

export const checklistItemSchema = z.object({
  id: z
    .string()
    .min(1, 'A checklist item needs an id.')
    .max(64, 'The id is too long (64 at most).'),
  text: z
    .string()
    .trim()
    .min(1, 'A checklist item needs text.')
    .max(300, 'A checklist item is too long (300 characters at most).'),
  done: z.boolean().default(false),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

// The rules of each field, without defaults: an update sends only what changed, and zod 4
// applies a default even to a key that `.partial()` made optional, which would reset every
// field the update did not send. Defaults belong to creation only.
const cardFieldRules = {
  name,
  description: z.string().max(5000, 'Description is too long (5,000 characters at most).'),
  assignees: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'An assignee needs a name.')
        .max(80, 'An assignee is too long (80 characters at most).'),
    )
    .max(20, 'A card has 20 assignees at most.'),
  priority: z.enum(PRIORITIES, { error: 'Priority is low, medium or high.' }),
  due: z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' }).nullable(),
  labels: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A label needs text.')
        .max(40, 'A label is too long (40 characters at most).'),
    )
    .max(20, 'A card has 20 labels at most.'),
  checklist: z.array(checklistItemSchema).max(100, 'A checklist has 100 items at most.'),
  completed: z.boolean(),
};

export const cardFieldsSchema = z.object({
  ...cardFieldRules,
  description: cardFieldRules.description.default(''),
  assignees: cardFieldRules.assignees.default([]),
  priority: cardFieldRules.priority.default('medium'),
  due: cardFieldRules.due.default(null),
  labels: cardFieldRules.labels.default([]),
  checklist: cardFieldRules.checklist.default([]),
  completed: cardFieldRules.completed.default(false),
});

/** The cursor a queued change was based on (the board's cursor the client last pulled). */
const baseCursor = z
  .number()
  .int('baseCursor is a board cursor (a whole number).')
  .min(0, 'baseCursor is a board cursor (a whole number).');

/** `boardId`: which board (one shared with the user as editor); the user's own when absent. */
export const newColumnSchema = z.object({
  id: id('id').optional(),
  boardId: id('boardId').optional(),
  name,
  index: index.optional(),
});
export const updateColumnSchema = z.object({
  columnId: id('columnId'),
  column: z.object({ name }),
});
export const columnIdSchema = z.object({ columnId: id('columnId') });
export const moveColumnSchema = z.object({ columnId: id('columnId'), index });

export const newCardSchema = z.object({
  columnId: id('columnId'),
  card: cardFieldsSchema.extend({ id: id('id').optional() }),
  index: index.optional(),
});
export const updateCardSchema = z.object({
  cardId: id('cardId'),
  card: z.object(cardFieldRules).partial(),
  baseCursor: baseCursor.optional(),
});
export const cardIdSchema = z.object({ cardId: id('cardId') });
export const moveCardSchema = z.object({
  cardId: id('cardId'),
  columnId: id('columnId'),
  index,
  baseCursor: baseCursor.optional(),
});

export type CardFields = z.infer<typeof cardFieldsSchema>;

export interface KanbanCard extends CardFields {
  id: string;
  columnId: string;
  // The server always answers the next three; they are optional so a card the app made
  // locally, before the server has seen it, is still a KanbanCard.
  /** fractional order key within the column (ties: by id); see server/contracts/live.ts */
  rank?: string;
  /** the board cursor of the card's last change */
  rev?: number;
  /** offline overwrites kept for the user to resolve (docs/live.md) */
  conflicts?: ConflictRecord[];
  createdAt: string;
  updatedAt: string;
}

export interface KanbanColumn {
  id: string;
  name: string;
  /** fractional order key on the board (ties: by id); always answered by the server */
  rank?: string;
  cardIds: string[];
}

export interface KanbanBoard {
  cards: Record<string, KanbanCard>;
  columns: Record<string, KanbanColumn>;
  columnOrder: string[];
  /** which board; the signed-in user's role on it; its cursor when read (always answered) */
  id?: string;
  name?: string;
  role?: Role;
  cursor?: number;
}
