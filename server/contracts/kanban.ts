// Kanban payloads shared by the server routes and the client's board, drawer and sync queue.
// The board has the spec's shape: cards by id, columns by id (each with its ordered cardIds)
// and the columnOrder list. Moves are intents ("card X to column Y at index i") so replaying
// them after other changes still lands where the user meant.
import { z } from 'zod';

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
  id: z.string().min(1).max(64),
  text: z.string().trim().min(1, 'A checklist item needs text.').max(300),
  done: z.boolean().default(false),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const cardFieldsSchema = z.object({
  name,
  description: z.string().max(5000, 'Description is too long.').default(''),
  assignees: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
  priority: z.enum(PRIORITIES, { error: 'Priority is low, medium or high.' }).default('medium'),
  due: z.iso
    .datetime({ offset: true, error: 'Use an ISO 8601 date and time.' })
    .nullable()
    .default(null),
  labels: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  checklist: z.array(checklistItemSchema).max(100).default([]),
  completed: z.boolean().default(false),
});

export const newColumnSchema = z.object({ id: id('id').optional(), name, index: index.optional() });
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
  card: cardFieldsSchema.partial(),
});
export const cardIdSchema = z.object({ cardId: id('cardId') });
export const moveCardSchema = z.object({ cardId: id('cardId'), columnId: id('columnId'), index });

export type CardFields = z.infer<typeof cardFieldsSchema>;

export interface KanbanCard extends CardFields {
  id: string;
  columnId: string;
  createdAt: string;
  updatedAt: string;
}

export interface KanbanColumn {
  id: string;
  name: string;
  cardIds: string[];
}

export interface KanbanBoard {
  cards: Record<string, KanbanCard>;
  columns: Record<string, KanbanColumn>;
  columnOrder: string[];
}
