import { describe, expect, it } from 'vitest';

import { candidateSlots, freeSlots, isSlotStart, type SlotRules } from './slots.ts';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
const rules: SlotRules = {
  durationMinutes: 30,
  bufferMinutes: 0,
  horizonDays: 60,
  minNoticeMinutes: 0,
  timeZone: 'Europe/London',
  availability: weekdays,
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const NOW = new Date('2026-03-01T00:00:00Z');

describe('slots in the host zone', () => {
  it('follows the host clock across the spring change (Europe/London, 29 March 2026)', () => {
    // Friday 27 March: GMT (UTC+0); Monday 30 March: BST (UTC+1)
    const friday = candidateSlots(
      rules,
      new Date('2026-03-27T00:00:00Z'),
      new Date('2026-03-28T00:00:00Z'),
      NOW,
    );
    const monday = candidateSlots(
      rules,
      new Date('2026-03-30T00:00:00Z'),
      new Date('2026-03-31T00:00:00Z'),
      NOW,
    );
    expect(iso(friday)[0]).toBe('2026-03-27T09:00:00.000Z');
    expect(iso(monday)[0]).toBe('2026-03-30T08:00:00.000Z');
    expect(friday).toHaveLength(16);
    expect(monday).toHaveLength(16);
  });

  it('skips days without availability and keeps to the range asked for', () => {
    const weekend = candidateSlots(
      rules,
      new Date('2026-03-28T00:00:00Z'),
      new Date('2026-03-30T00:00:00Z'),
      NOW,
    );
    expect(weekend).toHaveLength(0);
    const part = candidateSlots(
      rules,
      new Date('2026-03-27T12:00:00Z'),
      new Date('2026-03-27T13:00:00Z'),
      NOW,
    );
    expect(iso(part)).toEqual(['2026-03-27T12:00:00.000Z', '2026-03-27T12:30:00.000Z']);
  });

  it('keeps the minimum notice and the booking window', () => {
    const now = new Date('2026-03-27T10:10:00Z');
    const day = candidateSlots(
      { ...rules, minNoticeMinutes: 60 },
      new Date('2026-03-27T00:00:00Z'),
      new Date('2026-03-28T00:00:00Z'),
      now,
    );
    expect(iso(day)[0]).toBe('2026-03-27T11:30:00.000Z');
    const far = candidateSlots(
      { ...rules, horizonDays: 1 },
      new Date('2026-03-30T00:00:00Z'),
      new Date('2026-03-31T00:00:00Z'),
      now,
    );
    expect(far).toHaveLength(0);
  });

  it('a slot ends inside its range; an evening range up to 24:00 works', () => {
    const late = {
      ...rules,
      durationMinutes: 45,
      timeZone: 'UTC',
      availability: [{ day: 5, start: '22:00', end: '24:00' }],
    };
    const list = candidateSlots(
      late,
      new Date('2026-03-27T00:00:00Z'),
      new Date('2026-03-29T00:00:00Z'),
      NOW,
    );
    expect(iso(list)).toEqual(['2026-03-27T22:00:00.000Z', '2026-03-27T22:45:00.000Z']);
  });

  it('keeps the buffer on both sides of what the host is busy with', () => {
    const busy = [
      { start: new Date('2026-03-27T12:00:00Z'), end: new Date('2026-03-27T12:30:00Z') },
    ];
    const list = freeSlots(
      { ...rules, bufferMinutes: 10 },
      new Date('2026-03-27T11:00:00Z'),
      new Date('2026-03-27T14:00:00Z'),
      NOW,
      busy,
    );
    expect(iso(list)).toEqual([
      '2026-03-27T11:00:00.000Z',
      '2026-03-27T13:00:00.000Z',
      '2026-03-27T13:30:00.000Z',
    ]);
  });

  it('tells a real slot start from any other instant', () => {
    expect(isSlotStart(rules, new Date('2026-03-27T09:30:00Z'), NOW)).toBe(true);
    expect(isSlotStart(rules, new Date('2026-03-27T09:15:00Z'), NOW)).toBe(false);
    expect(isSlotStart(rules, new Date('2026-03-28T09:30:00Z'), NOW)).toBe(false);
  });
});
