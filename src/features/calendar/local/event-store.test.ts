import { beforeEach, describe, expect, it } from 'vitest';

import { eventsBetween } from './event-store';
import { eventsTable, type EventRow } from './tables';

const DAY = 86_400_000;
const from = Date.parse('2026-03-01T00:00:00Z');
const to = Date.parse('2026-03-31T23:59:59Z');
const at = (ms: number) => new Date(ms).toISOString();
const event = (id: string, start: number, end: number): EventRow => ({
  id,
  title: id,
  description: '',
  color: 'blue',
  allDay: false,
  start: at(start),
  end: at(end),
});

beforeEach(async () => {
  await eventsTable().clear();
  await eventsTable().bulkPut([
    event('long-before', from - 40 * DAY, from - 30 * DAY),
    event('ends-just-before', from - 2 * DAY, from - 1000),
    event('spans-in', from - 10 * DAY, from + 2 * DAY),
    event('spans-all', from - 5 * DAY, to + 5 * DAY),
    event('first-day', from + 3_600_000, from + 7_200_000),
    event('mid', from + 14 * DAY, from + 14 * DAY + 3_600_000),
    event('last-moment', to, to + DAY),
    event('after', to + 1000, to + 2 * DAY),
  ]);
});

describe('eventsBetween', () => {
  it('reads every event that overlaps the dates, those still on from before first, in start order', async () => {
    expect((await eventsBetween(from, to)).map((e) => e.id)).toEqual([
      'spans-in',
      'spans-all',
      'first-day',
      'mid',
      'last-moment',
    ]);
  });

  it('finds an event that covers the whole range and none outside it', async () => {
    const week = await eventsBetween(from + 20 * DAY, from + 27 * DAY);
    expect(week.map((e) => e.id)).toEqual(['spans-all']);
  });
});
