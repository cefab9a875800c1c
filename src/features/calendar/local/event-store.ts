// Calendar events as the page sees them: read from the Dexie mirror (live), written only
// through the sync queue so every change works offline and reaches the server once.
import { useLiveQuery } from 'dexie-react-hooks';

import { saveChange } from '@/components/sync/save-change';

import type { CalendarChange } from './sync';
import { eventsTable, type EventFields, type EventRow } from './tables';

export type { EventFields };

const save = (change: CalendarChange) => saveChange(change);

/** Every stored event, or undefined while Dexie opens (the loading state). */
export function useStoredEvents(): EventRow[] | undefined {
  return useLiveQuery(() => eventsTable().toArray(), []);
}

export async function createEvent(fields: EventFields): Promise<string> {
  const id = crypto.randomUUID();
  await save({ op: 'event.create', body: { ...fields, id } });
  return id;
}

/** Sends only the fields that differ from the stored event (ARCHITECTURE §5). */
export async function updateEvent(
  before: EventRow,
  fields: Partial<EventFields>,
): Promise<boolean> {
  const changed: Partial<EventFields> = {};
  for (const key of Object.keys(fields) as (keyof EventFields)[]) {
    if (fields[key] !== undefined && fields[key] !== before[key]) {
      (changed as Record<string, unknown>)[key] = fields[key];
    }
  }
  if (Object.keys(changed).length === 0) return false;
  await save({ op: 'event.update', body: { eventId: before.id, event: changed } });
  return true;
}

export async function deleteEvent(eventId: string): Promise<void> {
  await save({ op: 'event.delete', body: { eventId } });
}
