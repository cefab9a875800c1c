// Collects attachment files nobody can reach. An upload is stored before the mail or chat
// message that uses it exists; one never attached to a message (a composer closed, a tab
// lost) is an orphan once ATTACHMENT_GRACE_MS has passed since its upload — a day, so a draft
// being written or a send retried the next morning still finds its files. Files without any
// row (a crash between writing the file and its row, a transaction rolled back after a
// forward copied bytes) go after the same grace, judged by the file's modification time.
//
// Safe with several API processes: a row is removed by one `DELETE … RETURNING` (only the
// process that got the row back deletes its file), and deleting a file twice is harmless.
import fs from 'node:fs';

import { sql } from 'drizzle-orm';

import { queryRows } from '../catalogue/sql-rows.ts';
import type { AppDeps } from '../context.ts';
import { attachmentDir, removeAttachments } from './attachment-store.ts';

export const ATTACHMENT_GRACE_MS = 24 * 60 * 60 * 1000;
const COLLECT_EVERY_MS = 60 * 60 * 1000;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CollectResult {
  /** rows of uploads never attached, removed with their files */
  unattached: number;
  /** files on disk with no row */
  strayFiles: number;
}

export async function collectOrphanAttachments(
  deps: AppDeps,
  now: Date = new Date(),
): Promise<CollectResult> {
  const cutoff = new Date(now.getTime() - ATTACHMENT_GRACE_MS);
  const gone = await queryRows<{ id: string }>(
    deps.database.db,
    sql`delete from attachments
      where mail_message_id is null and chat_message_id is null and created_at < ${cutoff.toISOString()}
      returning id`,
  );
  await removeAttachments(
    deps,
    gone.map((r) => r.id),
  );

  let names: string[];
  try {
    names = (await fs.promises.readdir(attachmentDir(deps))).filter((n) => ID.test(n));
  } catch {
    names = [];
  }
  const old: string[] = [];
  for (const name of names) {
    const stat = await fs.promises.stat(`${attachmentDir(deps)}/${name}`).catch(() => null);
    if (stat && stat.mtimeMs < cutoff.getTime()) old.push(name);
  }
  const stray: string[] = [];
  for (let i = 0; i < old.length; i += 1000) {
    const batch = old.slice(i, i + 1000);
    const known = await queryRows<{ id: string }>(
      deps.database.db,
      sql`select id::text as id from attachments where id = any(${`{${batch.join(',')}}`}::uuid[])`,
    );
    const held = new Set(known.map((r) => r.id));
    stray.push(...batch.filter((id) => !held.has(id)));
  }
  await removeAttachments(deps, stray);
  return { unattached: gone.length, strayFiles: stray.length };
}

/** Runs the collection soon after start, then hourly; returns a stop function. */
export function startAttachmentCollector(deps: AppDeps): () => void {
  const run = () =>
    collectOrphanAttachments(deps)
      .then((r) => {
        if (r.unattached || r.strayFiles) deps.log.info('orphan attachments collected', { ...r });
      })
      .catch((error: Error) =>
        deps.log.warn('attachment collection failed', { message: error.message }),
      );
  const first = setTimeout(() => void run(), 30_000);
  const timer = setInterval(() => void run(), COLLECT_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
