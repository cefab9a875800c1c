import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_EVENTS_PER_USER, type CalendarEvent } from '../contracts/calendar.ts';
import { ownId } from '../live/access.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await createTestServer();
  alice = (await server.createUser()).token;
  bob = (await server.createUser()).token;
});
afterAll(() => server.close());

const base = { title: 'Stand-up', start: '2026-03-02T09:00:00Z', end: '2026-03-02T09:15:00Z' };

async function create(token: string, body: object = base) {
  const res = await server.call('POST', '/api/calendar/events/new', { token, body });
  return {
    res,
    json: (await res.json()) as { event: CalendarEvent; fields?: Record<string, string> },
  };
}

describe('calendar events', () => {
  it('requires sign-in', async () => {
    expect((await server.call('GET', '/api/calendar/events')).status).toBe(401);
  });

  it('creates with a client id and defaults, lists, updates only sent fields, deletes', async () => {
    const id = crypto.randomUUID();
    const { res, json } = await create(alice, { ...base, id, color: 'green' });
    expect(res.status).toBe(201);
    expect(json.event).toMatchObject({
      id,
      title: 'Stand-up',
      color: 'green',
      allDay: false,
      description: '',
    });

    const upd = await server.call('POST', '/api/calendar/events/update', {
      token: alice,
      body: { eventId: id, event: { description: 'Daily' } },
    });
    expect(upd.status).toBe(200);
    // fields the update did not send keep their values (no defaults re-applied)
    expect(((await upd.json()) as { event: CalendarEvent }).event).toMatchObject({
      title: 'Stand-up',
      description: 'Daily',
      color: 'green',
    });
    const retitled = await server.call('POST', '/api/calendar/events/update', {
      token: alice,
      body: { eventId: id, event: { title: 'Stand-up (moved)' } },
    });
    expect(((await retitled.json()) as { event: CalendarEvent }).event).toMatchObject({
      title: 'Stand-up (moved)',
      description: 'Daily',
      color: 'green',
    });

    const list = (await (
      await server.call('GET', '/api/calendar/events', { token: alice })
    ).json()) as { events: CalendarEvent[] };
    expect(list.events.map((e) => e.id)).toContain(id);

    const del = await server.call('POST', '/api/calendar/events/delete', {
      token: alice,
      body: { eventId: id },
    });
    expect(await del.json()).toEqual({ eventId: id, deleted: true });
    // deleting again still succeeds: deletes win
    const again = await server.call('POST', '/api/calendar/events/delete', {
      token: alice,
      body: { eventId: id },
    });
    expect(await again.json()).toEqual({ eventId: id, deleted: false });
  });

  it('refuses an end before the start, on create and on update, naming the field', async () => {
    const { res, json } = await create(alice, { ...base, end: '2026-03-02T08:00:00Z' });
    expect(res.status).toBe(400);
    expect(json.fields).toHaveProperty('end');

    const ok = await create(alice);
    const upd = await server.call('POST', '/api/calendar/events/update', {
      token: alice,
      body: { eventId: ok.json.event.id, event: { end: '2026-03-01T00:00:00Z' } },
    });
    expect(upd.status).toBe(400);
    expect(((await upd.json()) as { fields: object }).fields).toHaveProperty('end');
  });

  it('names bad fields: empty title, unknown colour, bad date', async () => {
    const { res, json } = await create(alice, {
      title: ' ',
      color: 'pink',
      start: 'tomorrow',
      end: base.end,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(json.fields ?? {})).toEqual(
      expect.arrayContaining(['title', 'color', 'start']),
    );
    const notJson = await server.call('POST', '/api/calendar/events/new', {
      token: alice,
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
  });

  it('filters by range', async () => {
    await create(alice, {
      ...base,
      title: 'Far',
      start: '2030-01-01T00:00:00Z',
      end: '2030-01-01T01:00:00Z',
    });
    const res = await server.call(
      'GET',
      '/api/calendar/events?start=2029-12-01T00:00:00Z&end=2030-02-01T00:00:00Z',
      { token: alice },
    );
    const { events } = (await res.json()) as { events: CalendarEvent[] };
    expect(events.map((e) => e.title)).toEqual(['Far']);
  });

  it('keeps users apart: B cannot see, change or delete A’s events, nor take their ids', async () => {
    const { json } = await create(alice, { ...base, title: 'Private' });
    const id = json.event.id;
    const list = (await (
      await server.call('GET', '/api/calendar/events', { token: bob })
    ).json()) as { events: CalendarEvent[] };
    expect(list.events.find((e) => e.id === id)).toBeUndefined();
    const upd = await server.call('POST', '/api/calendar/events/update', {
      token: bob,
      body: { eventId: id, event: { title: 'Hacked' } },
    });
    expect(upd.status).toBe(404);
    const del = await server.call('POST', '/api/calendar/events/delete', {
      token: bob,
      body: { eventId: id },
    });
    expect(del.status).toBe(404);
    const steal = await create(bob, { ...base, id });
    expect(steal.res.status).toBe(409);
    const mine = (await (
      await server.call('GET', '/api/calendar/events', { token: alice })
    ).json()) as { events: CalendarEvent[] };
    expect(mine.events.find((e) => e.id === id)?.title).toBe('Private');
  });

  it('accepts hex colours as other clients send them, normalised, and still names a bad one', async () => {
    const { res, json } = await create(alice, { ...base, color: '#00A76F' });
    expect(res.status).toBe(201);
    expect(json.event.color).toBe('#00A76F');
    const listed = (await (
      await server.call('GET', '/api/calendar/events', { token: alice })
    ).json()) as { events: CalendarEvent[] };
    expect(listed.events.find((e) => e.id === json.event.id)?.color).toBe('#00A76F');

    const short = await server.call('POST', '/api/calendar/events/update', {
      token: alice,
      body: { eventId: json.event.id, event: { color: '#0a7' } },
    });
    expect(((await short.json()) as { event: CalendarEvent }).event.color).toBe('#00AA77');

    for (const color of ['#00A76', '#GGGGGG', 'rgb(0,0,0)']) {
      const bad = await create(alice, { ...base, color });
      expect(bad.res.status, color).toBe(400);
      expect(bad.json.fields, color).toHaveProperty('color');
    }
  });

  it('refuses over-long fields naming them, and a full calendar with 422 naming it', async () => {
    const long = await create(bob, {
      ...base,
      title: 'x'.repeat(201),
      description: 'x'.repeat(5001),
    });
    expect(long.res.status).toBe(400);
    expect(Object.keys(long.json.fields ?? {})).toEqual(['title', 'description']);

    const { token, user } = await server.createUser();
    await server.deps.database.db.execute(sql`
      insert into calendar_events (user_id, calendar_id, title, start, "end")
      select ${user.id}, ${await ownId(server.deps.database.db, 'calendar', user)}, 'event ' || g, now(), now()
      from generate_series(1, ${MAX_EVENTS_PER_USER}) g`);
    const full = await create(token);
    expect(full.res.status).toBe(422);
    expect(full.json.fields).toHaveProperty('calendar');
  });
});
