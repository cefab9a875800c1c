// The demo user's calendar and board, so the planner pages show how they work on first start:
// this week's events (the tagging sprint the chat mentions among them) and a board whose cards
// carry assignees, priorities, due dates, labels and checklists. Times are relative to the day
// of the first start. Idempotent: nothing is written when the user already has a column.
import { eq } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { ranksBetween } from '../contracts/live.ts';
import { calendarEvents, kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { ownId } from '../live/access.ts';
import type { DemoUsers } from './demo-users.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Midnight (UTC) of today plus `days`, plus `hours`. */
function at(days: number, hours = 0): Date {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return new Date(today.getTime() + days * DAY + hours * HOUR);
}

const EVENTS = [
  {
    title: 'Catalogue tagging sprint',
    color: 'violet',
    start: at(1, 10),
    end: at(1, 12),
    description: 'Lin leads: films without a genre tag get one. Bring your shortlist.',
  },
  {
    title: 'Friday clip review',
    color: 'red',
    start: at(3, 14),
    end: at(3, 15),
    description: 'Sam presents the six clips for the weekly reel.',
  },
  {
    title: 'Stand-up',
    color: 'blue',
    start: at(0, 9),
    end: at(0, 9.25),
    description: 'Ten minutes: yesterday, today, blockers.',
  },
  { title: 'Stand-up', color: 'blue', start: at(2, 9), end: at(2, 9.25), description: '' },
  {
    title: 'Offline day (train to Lyon)',
    color: 'teal',
    allDay: true,
    start: at(5),
    end: at(6),
    description: 'Edit the board and the calendar on the train: changes sync on arrival.',
  },
  {
    title: 'Channel onboarding call',
    color: 'orange',
    start: at(-2, 15),
    end: at(-2, 16),
    description: 'Walked the new channel through the import format.',
  },
  {
    title: 'Quarterly planning',
    color: 'green',
    allDay: true,
    start: at(8),
    end: at(10),
    description: 'Two days, all hands.',
  },
];

const BOARD: { name: string; cards: Partial<typeof kanbanCards.$inferInsert>[] }[] = [
  {
    name: 'To do',
    cards: [
      {
        name: 'Tag the 1990s westerns',
        priority: 'medium',
        labels: ['catalogue'],
        assignees: ['Lin Chen'],
        due: at(4, 17),
        description: 'Every western from 1990–1999 gets genre and source tags.',
      },
      {
        name: 'Write the import guide for channels',
        priority: 'low',
        labels: ['docs'],
        assignees: ['Dana Demo'],
      },
    ],
  },
  {
    name: 'In progress',
    cards: [
      {
        name: 'Friday reel: pick six clips',
        priority: 'high',
        labels: ['review'],
        assignees: ['Sam Rivera', 'Dana Demo'],
        due: at(3, 14),
        checklist: [
          { id: 'c1', text: 'Shortlist twelve', done: true },
          { id: 'c2', text: 'Trim to under 90 s each', done: true },
          { id: 'c3', text: 'Cut to six', done: false },
          { id: 'c4', text: 'Send to the team', done: false },
        ],
      },
      {
        name: 'Try the board offline',
        priority: 'medium',
        labels: ['onboarding'],
        assignees: ['Dana Demo'],
        description: 'Switch to airplane mode, drag this card to Done, reconnect: it syncs once.',
      },
    ],
  },
  {
    name: 'Done',
    cards: [
      {
        name: 'Import the film catalogue',
        priority: 'high',
        labels: ['catalogue'],
        assignees: ['Ada Admin'],
        completed: true,
      },
    ],
  },
];

export async function seedPlanner(deps: AppDeps, demoUsers: DemoUsers): Promise<void> {
  const demo = demoUsers.demo;
  if (!demo) return;
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: kanbanColumns.id })
      .from(kanbanColumns)
      .where(eq(kanbanColumns.userId, demo.id))
      .limit(1);
    if (existing) return;
    const calendarId = await ownId(tx, 'calendar', demo);
    const boardId = await ownId(tx, 'board', demo);
    await tx
      .insert(calendarEvents)
      .values(EVENTS.map((e) => ({ allDay: false, ...e, userId: demo.id, calendarId })));
    const columnRanks = ranksBetween(null, null, BOARD.length);
    for (const [position, column] of BOARD.entries()) {
      const [row] = await tx
        .insert(kanbanColumns)
        .values({ userId: demo.id, boardId, name: column.name, rank: columnRanks[position]! })
        .returning({ id: kanbanColumns.id });
      if (column.cards.length === 0) continue;
      const cardRanks = ranksBetween(null, null, column.cards.length);
      await tx.insert(kanbanCards).values(
        column.cards.map((card, index) => ({
          name: '',
          ...card,
          userId: demo.id,
          boardId,
          columnId: row!.id,
          rank: cardRanks[index]!,
        })),
      );
    }
  });
}
