// The calendar's writes called as functions of (transaction, user, input), without HTTP: what
// bookings use, and what a caller other than the REST routes builds on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { writeCalendar } from './calendar-writes.ts';
import { addEvent, deleteEvent, listEvents, updateEvent } from './events.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const meeting = (day: number) => ({
  title: `Meeting ${day}`,
  description: '',
  color: 'blue' as const,
  allDay: false,
  start: `2030-01-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  end: `2030-01-${String(day).padStart(2, '0')}T11:00:00.000Z`,
});

describe('calendar writes', () => {
  it('add, update and delete within the caller’s transaction, read back by range', async () => {
    const { user } = await server.createUser();
    const db = server.deps.database.db;
    const kept = await db.transaction(async (tx) => {
      const first = await writeCalendar(tx, user, addEvent, meeting(1));
      const second = await writeCalendar(tx, user, addEvent, meeting(2));
      await writeCalendar(tx, user, updateEvent, { eventId: first.id, event: { title: 'Moved' } });
      await writeCalendar(tx, user, deleteEvent, { eventId: second.id });
      return first.id;
    });
    const events = await listEvents(db, user, { start: '2030-01-01T00:00:00.000Z' });
    expect(events.map((e) => [e.id, e.title])).toEqual([[kept, 'Moved']]);
    expect(await listEvents(db, user, { start: '2030-01-02T00:00:00.000Z' })).toEqual([]);
  });

  it('leave nothing behind when the caller’s transaction fails', async () => {
    const { user } = await server.createUser();
    const db = server.deps.database.db;
    await expect(
      db.transaction(async (tx) => {
        await writeCalendar(tx, user, addEvent, meeting(3));
        await writeCalendar(tx, user, updateEvent, {
          eventId: crypto.randomUUID(),
          event: { title: 'Gone' },
        });
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await listEvents(db, user, {})).toEqual([]);
  });

  it('reach only the user’s own calendar', async () => {
    const owner = (await server.createUser()).user;
    const other = (await server.createUser()).user;
    const db = server.deps.database.db;
    const event = await writeCalendar(db, owner, addEvent, meeting(4));
    await expect(
      writeCalendar(db, other, updateEvent, { eventId: event.id, event: { title: 'Mine' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      writeCalendar(db, other, deleteEvent, { eventId: event.id }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await listEvents(db, owner, {})).map((e) => e.title)).toEqual(['Meeting 4']);
  });
});
