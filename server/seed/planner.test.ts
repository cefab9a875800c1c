import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CalendarEvent } from '../contracts/calendar.ts';
import type { KanbanBoard } from '../contracts/kanban.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { seedPlanner } from './planner.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('demo planner', () => {
  it("gives the demo user this week's events and a board, once, that the API serves", async () => {
    const demo = await t.createUser({ firstName: 'Dana', lastName: 'Demo' });
    for (let i = 0; i < 2; i++) await seedPlanner(t.deps, { demo: demo.user });

    const { events } = (await (
      await t.call('GET', '/api/calendar/events', { token: demo.token })
    ).json()) as { events: CalendarEvent[] };
    expect(events.length).toBe(7);
    expect(events.some((e) => e.allDay)).toBe(true);
    expect(events.every((e) => Date.parse(e.end) >= Date.parse(e.start))).toBe(true);

    const { board } = (await (
      await t.call('GET', '/api/kanban/board', { token: demo.token })
    ).json()) as { board: KanbanBoard };
    expect(board.columnOrder.map((id) => board.columns[id]!.name)).toEqual([
      'To do',
      'In progress',
      'Done',
    ]);
    expect(Object.keys(board.cards)).toHaveLength(5);
    const reel = Object.values(board.cards).find((c) => c.name.startsWith('Friday reel'))!;
    expect(reel.checklist.filter((c) => c.done)).toHaveLength(2);
  });
});
