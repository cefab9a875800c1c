// The embedded database as a backup sees it: PGlite opened on a data directory WITHOUT running
// the migrations (a backup keeps the database as it was; a restored older one is migrated by
// the server's next start), its migration level, its row counts, and its data-directory dump.
import fs from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

import { migrationsFolder } from '../db/client.ts';

export interface MigrationLevel {
  /** migrations applied */
  count: number;
  /** the last one's tag (drizzle-kit's journal), null when none ran */
  last: string | null;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code knows, in order. */
export function codeMigrations(): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

export function openPglite(dir: string, dump?: Blob): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { vector }, ...(dump ? { loadDataDir: dump } : {}) });
}

export async function migrationLevel(client: PGlite): Promise<MigrationLevel> {
  const table = await client.query<{ name: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table.rows[0]?.name) return { count: 0, last: null };
  const applied = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at',
  );
  const lastWhen = applied.rows.at(-1)?.created_at;
  if (lastWhen === undefined) return { count: 0, last: null };
  const known = codeMigrations().find((m) => String(m.when) === lastWhen);
  return { count: applied.rows.length, last: known?.tag ?? `unknown (${lastWhen})` };
}

/** Rows per table of the public schema. */
export async function rowCounts(client: PGlite): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from public.${quoted}`,
    );
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}
