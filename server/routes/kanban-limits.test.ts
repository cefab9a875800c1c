// A board's sizes are bounded: long fields are 400s naming the field, a full board is a 422
// naming `board` or the column (never a 500), also when the change comes through the sync queue.
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_CARDS_PER_COLUMN, MAX_COLUMNS_PER_BOARD } from '../contracts/kanban.ts';
import { ranksBetween } from '../contracts/live.ts';
import { kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { ownId } from '../live/access.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = (token: string, path: string, body: unknown, headers?: Record<string, string>) =>
  server.call('POST', `/api/kanban${path}`, { token, body, headers });

async function fieldsOf(res: Response) {
  return ((await res.json()) as { error: string; fields?: Record<string, string> }).fields ?? {};
}

describe('kanban limits', () => {
  it('refuses over-long fields with 400 naming each field', async () => {
    const { token } = await server.createUser();
    const columnId = crypto.randomUUID();
    expect(
      (await post(token, '/columns/new', { id: columnId, name: 'x'.repeat(121) })).status,
    ).toBe(400);
    expect((await post(token, '/columns/new', { id: columnId, name: 'Work' })).status).toBe(201);
    const cases: [object, string][] = [
      [{ name: 'x'.repeat(121) }, 'card.name'],
      [{ name: 'ok', description: 'x'.repeat(5001) }, 'card.description'],
      [{ name: 'ok', labels: ['x'.repeat(41)] }, 'card.labels.0'],
      [{ name: 'ok', labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }, 'card.labels'],
      [{ name: 'ok', assignees: ['x'.repeat(81)] }, 'card.assignees.0'],
      [{ name: 'ok', checklist: [{ id: '1', text: 'x'.repeat(301) }] }, 'card.checklist.0.text'],
      [
        {
          name: 'ok',
          checklist: Array.from({ length: 101 }, (_, i) => ({ id: `${i}`, text: 't' })),
        },
        'card.checklist',
      ],
    ];
    for (const [card, field] of cases) {
      const res = await post(token, '/cards/new', { columnId, card });
      expect(res.status, field).toBe(400);
      expect(await fieldsOf(res), field).toHaveProperty([field]);
    }
  });

  it('answers a full board or column with 422 naming it, alone and through the sync queue', async () => {
    const { token, user } = await server.createUser();
    const { db } = server.deps.database;
    const boardId = await ownId(db, 'board', user);
    await db.insert(kanbanColumns).values(
      ranksBetween(null, null, MAX_COLUMNS_PER_BOARD - 1).map((rank, i) => ({
        userId: user.id,
        boardId,
        name: `c${i + 1}`,
        rank,
      })),
    );
    const lastColumn = crypto.randomUUID();
    expect((await post(token, '/columns/new', { id: lastColumn, name: 'Last' })).status).toBe(201);
    const fullColumns = await post(
      token,
      '/columns/new',
      { name: 'One too many' },
      {
        'Idempotency-Key': `${crypto.randomUUID()}:1`,
      },
    );
    expect(fullColumns.status).toBe(422);
    expect(await fieldsOf(fullColumns)).toHaveProperty('board');

    await db.insert(kanbanCards).values(
      ranksBetween(null, null, MAX_CARDS_PER_COLUMN).map((rank, i) => ({
        userId: user.id,
        boardId,
        columnId: lastColumn,
        name: `card ${i + 1}`,
        rank,
      })),
    );
    const fullCards = await post(token, '/cards/new', {
      columnId: lastColumn,
      card: { name: 'More' },
    });
    expect(fullCards.status).toBe(422);
    const body = (await fullCards.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(/column is full/);
    expect(body.fields).toHaveProperty('columnId');

    // nor can a card be moved into the full column
    const other = crypto.randomUUID();
    await db.execute(sql`delete from kanban_columns where user_id = ${user.id} and name = 'c1'`);
    expect((await post(token, '/columns/new', { id: other, name: 'Other' })).status).toBe(201);
    const card = (await (
      await post(token, '/cards/new', { columnId: other, card: { name: 'Mover' } })
    ).json()) as { card: { id: string } };
    const move = await post(token, '/cards/move', {
      cardId: card.card.id,
      columnId: lastColumn,
      index: 0,
    });
    expect(move.status).toBe(422);
    expect(await fieldsOf(move)).toHaveProperty('columnId');
  });
});
