// Migrations 0019/0020 on a database that already holds boards and calendars: every user with
// columns gets a board and every user with events a calendar, everything moves onto them, and
// integer positions become fractional keys in the same order (ties by id), valid for the
// `fractional-indexing` package (a new key between two migrated ones can be made).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

import { rankBetween } from '../contracts/live.ts';
import { migrationsFolder } from './client.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before the given tag. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-migrations-'));
  dirs.push(dir);
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migrating boards to shared boards with order keys', () => {
  // it migrates a fresh database twice (every migration up to 0018, then the rest): slow
  it('keeps every board, calendar and order', { timeout: 300_000 }, async () => {
    const client = await PGlite.create('memory://', { extensions: { vector } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0019_live_sharing') });
    const user = crypto.randomUUID();
    const idle = crypto.randomUUID();
    for (const id of [user, idle])
      await client.query(
        `insert into users (id, email, username, first_name, last_name, slug, password_hash)
         values ($1, $2, $3, 'A', 'B', $4, 'x')`,
        [id, `${id}@example.com`, `${id}@example.com`, `slug-${id}`],
      );
    // 70 cards (past the one-character keys) in one column, positions shuffled in insertion
    const columns = [crypto.randomUUID(), crypto.randomUUID()];
    await client.query(
      `insert into kanban_columns (id, user_id, name, position) values ($1, $3, 'second', 1), ($2, $3, 'first', 0)`,
      [columns[1], columns[0], user],
    );
    const cards = Array.from({ length: 70 }, (_, i) => ({ id: crypto.randomUUID(), position: i }));
    for (const card of [...cards].reverse())
      await client.query(
        `insert into kanban_cards (id, user_id, column_id, position, name) values ($1, $2, $3, $4, $5)`,
        [card.id, user, columns[0], card.position, `card ${card.position}`],
      );
    await client.query(
      `insert into calendar_events (user_id, title, start, "end") values ($1, 'e', now(), now())`,
      [user],
    );

    await migrate(db, { migrationsFolder });

    const boards = await client.query<{ id: string; owner_id: string }>(
      'select id, owner_id from kanban_boards',
    );
    expect(boards.rows.map((b) => b.owner_id)).toEqual([user]);
    const calendars = await client.query<{ owner_id: string }>('select owner_id from calendars');
    expect(calendars.rows.map((c) => c.owner_id)).toEqual([user]);
    const ordered = await client.query<{ id: string; rank: string; board_id: string }>(
      `select id, rank, board_id from kanban_cards where column_id = $1 order by rank, id`,
      [columns[0]],
    );
    expect(ordered.rows.map((r) => r.id)).toEqual(cards.map((c) => c.id));
    expect(new Set(ordered.rows.map((r) => r.board_id))).toEqual(new Set([boards.rows[0]!.id]));
    const ranks = ordered.rows.map((r) => r.rank);
    expect(ranks.slice(0, 3)).toEqual(['a0', 'a1', 'a2']);
    // valid keys: the package makes one between any two neighbours
    for (let i = 1; i < ranks.length; i += 1) {
      const between = rankBetween(ranks[i - 1]!, ranks[i]!);
      expect(between > ranks[i - 1]! && between < ranks[i]!).toBe(true);
    }
    const cols = await client.query<{ id: string }>(
      'select id from kanban_columns order by rank, id',
    );
    expect(cols.rows.map((r) => r.id)).toEqual(columns);
    const event = await client.query<{ calendar_id: string }>(
      'select calendar_id from calendar_events',
    );
    expect(event.rows[0]!.calendar_id).toBeTruthy();
    const position = await client.query(
      `select 1 from information_schema.columns where table_name = 'kanban_cards' and column_name = 'position'`,
    );
    expect(position.rows).toEqual([]);
    await client.close();
  });
});
