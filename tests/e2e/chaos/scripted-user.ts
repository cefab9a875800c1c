// The chaos run's user: random but valid calendar and kanban edits, chosen from what the user
// currently sees in the client's Dexie mirror (so, like a real user, it edits what is on the
// screen, including things not synced yet). Everything is drawn from the run's seeded PRNG,
// ids included, so a seed names one script.
import { eventsTable } from '../../../src/features/calendar/local/tables';
import { cardsTable, columnsTable, getColumnOrder } from '../../../src/features/kanban/local/tables';
import type { Change } from './model';

/** mulberry32: small, fast, good enough to script a run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function scriptedUser(random: () => number) {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T | undefined => list[int(list.length)];
  const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`;
  const COLORS = ['blue', 'green', 'red', 'orange', 'violet', 'teal', 'gray'] as const;
  const WORDS = [
    'plan',
    'review',
    'launch',
    'budget',
    'sprint',
    'demo',
    'clip',
    'draft',
    'call',
    'cut',
  ];
  const phrase = (n: number) => Array.from({ length: 1 + int(n) }, () => pick(WORDS)).join(' ');
  let counter = 0;

  function eventTimes() {
    const day = Date.UTC(2026, 4, 1) + int(60) * 86_400_000;
    if (random() < 0.25)
      return {
        allDay: true,
        start: new Date(day).toISOString(),
        end: new Date(day + 86_400_000 * (1 + int(3))).toISOString(),
      };
    const start = day + (7 + int(12)) * 3_600_000 + int(4) * 900_000;
    return {
      allDay: false,
      start: new Date(start).toISOString(),
      end: new Date(start + (1 + int(8)) * 900_000).toISOString(),
    };
  }

  function cardFields() {
    counter += 1;
    return {
      name: `Card ${counter} ${phrase(2)}`,
      description: random() < 0.5 ? '' : phrase(6),
      assignees: random() < 0.5 ? [] : [pick(['Ana', 'Bo', 'Chen', 'Dara'])!],
      priority: pick(['low', 'medium', 'high'] as const)!,
      due: random() < 0.6 ? null : new Date(Date.UTC(2026, 5, 1 + int(28), 17)).toISOString(),
      labels: random() < 0.5 ? [] : [pick(['bug', 'ux', 'ops'])!],
      checklist: Array.from({ length: int(3) }, (_, i) => ({
        id: `c${i}`,
        text: phrase(3),
        done: random() < 0.5,
      })),
      completed: false,
    };
  }

  /** The next edit, or null when the chosen kind has nothing to act on (the caller rerolls). */
  async function nextChange(): Promise<Change | null> {
    const [events, columns, cards, order] = await Promise.all([
      eventsTable().toArray(),
      columnsTable().toArray(),
      cardsTable().toArray(),
      getColumnOrder(),
    ]);
    const roll = random();
    if (roll < 0.1)
      return {
        op: 'event.create',
        body: {
          id: uuid(),
          title: `Event ${++counter}`,
          description: phrase(4),
          color: pick(COLORS)!,
          ...eventTimes(),
        },
      };
    if (roll < 0.17) {
      const event = pick(events);
      if (!event) return null;
      const patch =
        random() < 0.5
          ? { title: `Event ${++counter} ${phrase(1)}` }
          : { color: pick(COLORS)!, ...eventTimes() };
      return { op: 'event.update', body: { eventId: event.id, event: patch } };
    }
    if (roll < 0.2) {
      const event = pick(events);
      return event ? { op: 'event.delete', body: { eventId: event.id } } : null;
    }
    if (roll < 0.28 || order.length < 2) {
      counter += 1;
      return {
        op: 'column.create',
        body: {
          id: uuid(),
          name: `Column ${counter}`,
          ...(random() < 0.5 ? { index: int(order.length + 2) } : {}),
        },
      };
    }
    const column = pick(columns);
    if (!column) return null;
    if (roll < 0.32)
      return {
        op: 'column.update',
        body: { columnId: column.id, column: { name: `Renamed ${++counter}` } },
      };
    if (roll < 0.37)
      return { op: 'column.move', body: { columnId: column.id, index: int(order.length + 1) } };
    if (roll < 0.39) return { op: 'column.clear', body: { columnId: column.id } };
    if (roll < 0.41)
      return order.length > 3 ? { op: 'column.delete', body: { columnId: column.id } } : null;
    if (roll < 0.65) {
      const index = random() < 0.5 ? { index: int(column.cardIds.length + 2) } : {};
      return {
        op: 'card.create',
        body: { columnId: column.id, card: { id: uuid(), ...cardFields() }, ...index },
      };
    }
    const card = pick(cards);
    if (!card) return null;
    if (roll < 0.8) {
      const fields = cardFields();
      const keys = Object.keys(fields).filter(() => random() < 0.4) as (keyof typeof fields)[];
      const patch = Object.fromEntries(
        (keys.length ? keys : ['name' as const]).map((k) => [k, fields[k]]),
      );
      if (random() < 0.2) patch.completed = true;
      return { op: 'card.update', body: { cardId: card.id, card: patch } };
    }
    if (roll < 0.95) {
      const target = pick(columns)!;
      return {
        op: 'card.move',
        body: { cardId: card.id, columnId: target.id, index: int(target.cardIds.length + 1) },
      };
    }
    return { op: 'card.delete', body: { cardId: card.id } };
  }

  return { nextChange, int };
}
