// Queued changes in the user's words: "Edit event 'Dentist'", "Move card 'Invoice'". Names
// come from the change itself when it carries one, else from the local mirror; a change to
// something already gone locally (a delete) is described without its name.
import { db, type OutboxRow } from '@/lib/db';

export interface ChangeDescription {
  /** translation key under `sync.change.` */
  key: string;
  name?: string;
}

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

export interface MirrorNames {
  events: Map<string, string>;
  cards: Map<string, string>;
  columns: Map<string, string>;
}

/** Names of the events, cards and columns the rows refer to (one read per table). */
export async function loadMirrorNames(rows: OutboxRow[]): Promise<MirrorNames> {
  const ids = { events: new Set<string>(), cards: new Set<string>(), columns: new Set<string>() };
  for (const { body } of rows) {
    if (typeof body.eventId === 'string') ids.events.add(body.eventId);
    if (typeof body.cardId === 'string') ids.cards.add(body.cardId);
    if (typeof body.columnId === 'string') ids.columns.add(body.columnId);
  }
  const [events, cards, columns] = await Promise.all([
    db.events.bulkGet([...ids.events]),
    db.cards.bulkGet([...ids.cards]),
    db.columns.bulkGet([...ids.columns]),
  ]);
  const toMap = (list: (({ id: string } & ({ title: string } | { name: string })) | undefined)[]) =>
    new Map(
      list.filter((x) => x !== undefined).map((x) => [x.id, 'title' in x ? x.title : x.name]),
    );
  return { events: toMap(events), cards: toMap(cards), columns: toMap(columns) };
}

export function describeChange(
  row: Pick<OutboxRow, 'op' | 'body'>,
  names: MirrorNames,
): ChangeDescription {
  const body = row.body as Body;
  const inner = (key: string) =>
    body[key] && typeof body[key] === 'object' ? (body[key] as Body) : {};
  const eventName =
    str(body.title) ?? str(inner('event').title) ?? names.events.get(String(body.eventId));
  const cardName = str(inner('card').name) ?? names.cards.get(String(body.cardId));
  const columnName =
    str(body.name) ?? str(inner('column').name) ?? names.columns.get(String(body.columnId));
  const byOp: Record<string, ChangeDescription> = {
    'event.create': { key: 'eventCreate', name: eventName },
    'event.update': { key: 'eventUpdate', name: eventName },
    'event.delete': { key: 'eventDelete', name: eventName },
    'column.create': { key: 'columnCreate', name: columnName },
    'column.update': { key: 'columnUpdate', name: columnName },
    'column.move': { key: 'columnMove', name: columnName },
    'column.clear': { key: 'columnClear', name: columnName },
    'column.delete': { key: 'columnDelete', name: columnName },
    'card.create': { key: 'cardCreate', name: cardName },
    'card.update': { key: 'cardUpdate', name: cardName },
    'card.move': { key: 'cardMove', name: cardName },
    'card.delete': { key: 'cardDelete', name: cardName },
  };
  const found = byOp[row.op] ?? { key: 'unknown' };
  return found.name ? found : { key: `${found.key}Unnamed` };
}
