// Collects attachments nobody can reach. An upload is stored before the mail or chat message
// that uses it exists; one never attached to a message (a composer closed, a tab lost) is an
// orphan once ATTACHMENT_GRACE_MS has passed since its upload — a day, so a draft being
// written or a send retried the next morning still finds its files. Its row goes here; its
// bytes go with the blob collector (server/storage/collect.ts) once no row points at them.
//
// Safe with several API processes: a row is removed by one `DELETE … RETURNING`.
import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { queryRows } from '../db/rows.ts';
import { importLegacyAttachments } from './attachment-store.ts';

export const ATTACHMENT_GRACE_MS = 24 * 60 * 60 * 1000;
const COLLECT_EVERY_MS = 60 * 60 * 1000;

export interface CollectResult {
  /** rows of uploads never attached, removed */
  unattached: number;
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
  return { unattached: gone.length };
}

/** Runs the collection soon after start, then hourly; returns a stop function. */
export function startAttachmentCollector(deps: AppDeps): () => void {
  void importLegacyAttachments(deps)
    .then((moved) => {
      if (moved) deps.log.info('attachments moved into storage', { moved });
    })
    .catch((error: Error) =>
      deps.log.warn('moving attachments into storage failed', { message: error.message }),
    );
  const run = () =>
    collectOrphanAttachments(deps)
      .then((r) => {
        if (r.unattached) deps.log.info('orphan attachments collected', { ...r });
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
