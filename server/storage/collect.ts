// Removes stored bytes nothing refers to. A blob goes when no column listed in references.ts
// holds its hash and its row was last touched before the grace period (an upload whose row
// is not written yet keeps it); an object with no row at all (a crash between writing the
// object and its row) and a staging file left by an interrupted upload go after the same
// grace, judged by their modification time.
//
// Safe with several API processes: each blob is deleted inside a transaction that holds its
// row (`for update skip locked`), so two collectors never race and a concurrent `put` of the
// same bytes waits, then re-creates the row and rewrites the object (storage.ts).
import fs from 'node:fs';
import path from 'node:path';

import { sql, type SQL } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { queryRows } from '../db/rows.ts';
import { blobReferences } from './references.ts';
import { blobKey, HASH, storageOf } from './storage.ts';

export const BLOB_GRACE_MS = 60 * 60 * 1000;
const COLLECT_EVERY_MS = 60 * 60 * 1000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export interface BlobCollection {
  /** blobs with a row that nothing referenced */
  unreferenced: number;
  /** objects in the store with no row */
  strayObjects: number;
  /** staging files of uploads abandoned midway */
  staleStaging: number;
}

function unreferenced(hash: SQL): SQL {
  const clauses = blobReferences.map(({ table, column, urls }) => {
    if (!IDENTIFIER.test(table) || !IDENTIFIER.test(column)) throw new Error('bad reference');
    return urls
      ? sql`not exists (select 1 from ${sql.identifier(table)} r where strpos(array_to_string(r.${sql.identifier(column)}, ' '), ${hash}) > 0)`
      : sql`not exists (select 1 from ${sql.identifier(table)} r where r.${sql.identifier(column)} = ${hash})`;
  });
  return clauses.length ? sql.join(clauses, sql` and `) : sql`true`;
}

export async function collectBlobs(deps: AppDeps, now = new Date()): Promise<BlobCollection> {
  const storage = storageOf(deps);
  const db = deps.database.db;
  const cutoff = new Date(now.getTime() - BLOB_GRACE_MS).toISOString();
  const result: BlobCollection = { unreferenced: 0, strayObjects: 0, staleStaging: 0 };

  for (;;) {
    const batch = await queryRows<{ hash: string }>(
      db,
      sql`select b.hash from storage_blobs b
        where b.touched_at < ${cutoff} and ${unreferenced(sql`b.hash`)} limit 200`,
    );
    if (batch.length === 0) break;
    for (const { hash } of batch) {
      await db.transaction(async (tx) => {
        const [gone] = await queryRows<{ hash: string }>(
          tx,
          sql`select b.hash from storage_blobs b
            where b.hash = ${hash} and b.touched_at < ${cutoff} and ${unreferenced(sql`b.hash`)}
            for update skip locked`,
        );
        if (!gone) return;
        await storage.driver.remove(blobKey(hash));
        await tx.execute(sql`delete from storage_blobs where hash = ${hash}`);
        result.unreferenced += 1;
      });
    }
    if (batch.length < 200) break;
  }

  const old: string[] = [];
  await storage.driver.ready();
  for await (const object of storage.driver.list('blobs/')) {
    const hash = object.key.split('/').at(-1) ?? '';
    if (HASH.test(hash) && object.modifiedAt.toISOString() < cutoff) old.push(hash);
  }
  for (let i = 0; i < old.length; i += 1000) {
    const batch = old.slice(i, i + 1000);
    const known = await queryRows<{ hash: string }>(
      db,
      sql`select hash from storage_blobs where hash = any(${`{${batch.join(',')}}`}::text[])`,
    );
    const held = new Set(known.map((r) => r.hash));
    for (const hash of batch.filter((h) => !held.has(h))) {
      await storage.driver.remove(blobKey(hash));
      result.strayObjects += 1;
    }
  }

  const staging = await fs.promises.readdir(storage.stagingDir).catch(() => [] as string[]);
  for (const name of staging) {
    const file = path.join(storage.stagingDir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtime.toISOString() < cutoff) {
      await fs.promises.rm(file, { force: true });
      result.staleStaging += 1;
    }
  }
  return result;
}

/** Runs the collection soon after start, then hourly; returns a stop function. */
export function startBlobCollector(deps: AppDeps): () => void {
  const run = () =>
    collectBlobs(deps)
      .then((r) => {
        if (r.unreferenced || r.strayObjects || r.staleStaging) {
          deps.log.info('stored blobs collected', { ...r });
        }
      })
      .catch((error: Error) => deps.log.warn('blob collection failed', { message: error.message }));
  const first = setTimeout(() => void run(), 45_000);
  const timer = setInterval(() => void run(), COLLECT_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
