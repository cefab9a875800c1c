// The chaos run's reference: what the server SHOULD hold if every change the user made was
// applied exactly once, in order, with the server's rules (indexes clamped, deletes cascade,
// moves as intents). It is kept apart from the client's Dexie (which pulls can overwrite with
// the server's state), so a change the server lost or applied twice shows up as a difference.
import type { CalendarChange } from '../../../src/features/calendar/local/sync';
import type { KanbanChange } from '../../../src/features/kanban/local/sync';

export type Change = CalendarChange | KanbanChange;

export interface ModelCard {
  id: string;
  columnId: string;
  name: string;
  description: string;
  assignees: string[];
  priority: string;
  due: string | null;
  labels: string[];
  checklist: { id: string; text: string; done: boolean }[];
  completed: boolean;
}

export interface ModelEvent {
  id: string;
  title: string;
  description: string;
  color: string;
  allDay: boolean;
  start: string;
  end: string;
}

export interface Snapshot {
  events: Record<string, ModelEvent>;
  columnOrder: string[];
  columns: Record<string, { name: string; cardIds: string[] }>;
  cards: Record<string, ModelCard>;
}

export const emptySnapshot = (): Snapshot => ({
  events: {},
  columnOrder: [],
  columns: {},
  cards: {},
});

function insertAt(list: string[], id: string, index: number | undefined) {
  const without = list.filter((x) => x !== id);
  without.splice(Math.min(index ?? without.length, without.length), 0, id);
  return without;
}

/** Applies one change with the server's rules (server/routes/calendar.ts, kanban.ts). */
export function applyToModel(s: Snapshot, change: Change): void {
  switch (change.op) {
    case 'event.create':
      s.events[change.body.id] = { ...change.body };
      return;
    case 'event.update': {
      const event = s.events[change.body.eventId];
      if (event) Object.assign(event, change.body.event);
      return;
    }
    case 'event.delete':
      delete s.events[change.body.eventId];
      return;
    case 'column.create':
      s.columns[change.body.id] = { name: change.body.name, cardIds: [] };
      s.columnOrder = insertAt(s.columnOrder, change.body.id, change.body.index);
      return;
    case 'column.update': {
      const column = s.columns[change.body.columnId];
      if (column) column.name = change.body.column.name;
      return;
    }
    case 'column.move':
      if (s.columns[change.body.columnId])
        s.columnOrder = insertAt(s.columnOrder, change.body.columnId, change.body.index);
      return;
    case 'column.clear':
    case 'column.delete': {
      const column = s.columns[change.body.columnId];
      if (!column) return;
      for (const id of column.cardIds) delete s.cards[id];
      column.cardIds = [];
      if (change.op === 'column.delete') {
        delete s.columns[change.body.columnId];
        s.columnOrder = s.columnOrder.filter((id) => id !== change.body.columnId);
      }
      return;
    }
    case 'card.create': {
      const column = s.columns[change.body.columnId];
      if (!column) return;
      s.cards[change.body.card.id] = { ...change.body.card, columnId: change.body.columnId };
      column.cardIds = insertAt(column.cardIds, change.body.card.id, change.body.index);
      return;
    }
    case 'card.update': {
      const card = s.cards[change.body.cardId];
      if (card) Object.assign(card, change.body.card);
      return;
    }
    case 'card.move': {
      const card = s.cards[change.body.cardId];
      const target = s.columns[change.body.columnId];
      if (!card || !target) return;
      const source = s.columns[card.columnId];
      if (source) source.cardIds = source.cardIds.filter((id) => id !== card.id);
      target.cardIds = insertAt(target.cardIds, card.id, change.body.index);
      card.columnId = change.body.columnId;
      return;
    }
    case 'card.delete': {
      const card = s.cards[change.body.cardId];
      if (!card) return;
      const column = s.columns[card.columnId];
      if (column) column.cardIds = column.cardIds.filter((id) => id !== card.id);
      delete s.cards[card.id];
      return;
    }
  }
}

const pickEvent = (e: ModelEvent & Record<string, unknown>): ModelEvent => ({
  id: e.id,
  title: e.title,
  description: e.description,
  color: e.color,
  allDay: e.allDay,
  start: new Date(e.start).toISOString(),
  end: new Date(e.end).toISOString(),
});

const pickCard = (c: ModelCard & Record<string, unknown>): ModelCard => ({
  id: c.id,
  columnId: c.columnId,
  name: c.name,
  description: c.description,
  assignees: c.assignees,
  priority: c.priority,
  due: c.due ? new Date(c.due).toISOString() : null,
  labels: c.labels,
  checklist: c.checklist.map(({ id, text, done }) => ({ id, text, done })),
  completed: c.completed,
});

/** Puts any source (the server's JSON, the client's Dexie rows) into the model's shape. */
export function normalize(input: {
  events: (ModelEvent & Record<string, unknown>)[];
  columnOrder: string[];
  columns: { id: string; name: string; cardIds: string[] }[];
  cards: (ModelCard & Record<string, unknown>)[];
}): Snapshot {
  const s = emptySnapshot();
  for (const e of input.events) s.events[e.id] = pickEvent(e);
  s.columnOrder = [...input.columnOrder];
  for (const c of input.columns) s.columns[c.id] = { name: c.name, cardIds: [...c.cardIds] };
  for (const c of input.cards) s.cards[c.id] = pickCard(c);
  return s;
}

/** JSON with sorted keys, so two equal values print the same. */
function stable(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Human-readable differences between two snapshots (empty when equal). */
export function diffSnapshots(a: Snapshot, b: Snapshot, labels: [string, string]): string[] {
  const out: string[] = [];
  const [la, lb] = labels;
  const compare = (kind: string, x: Record<string, unknown>, y: Record<string, unknown>) => {
    for (const id of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const ja = stable(x[id]);
      const jb = stable(y[id]);
      if (ja !== jb) out.push(`${kind} ${id}: ${la}=${ja ?? 'missing'} ${lb}=${jb ?? 'missing'}`);
    }
  };
  compare('event', a.events, b.events);
  compare('column', a.columns, b.columns);
  compare('card', a.cards, b.cards);
  if (JSON.stringify(a.columnOrder) !== JSON.stringify(b.columnOrder))
    out.push(`columnOrder: ${la}=${a.columnOrder.join(',')} ${lb}=${b.columnOrder.join(',')}`);
  return out;
}
