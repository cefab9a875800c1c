// The downloads page: what the caller can download — files shared with them, attachments of
// mails in their mailbox, PDFs of invoices they sent or were sent (`readableBy`) — each with
// whether they downloaded it (recorded by the page when a download completes, for something
// the caller may read; anything else is "not found").
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppDeps } from '../context.ts';
import type { DownloadEntry, downloadRecordSchema } from '../contracts/files.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { readableBy } from '../invoices/visibility.ts';
import { notFound } from '../lib/errors.ts';
import { requireAccess } from './access.ts';
import { fileLink } from './links.ts';

interface Row {
  source: DownloadEntry['source'];
  id: string;
  name: string;
  size: string | null;
  content_type: string | null;
  sender: string;
  at: string | Date;
  downloaded_at: string | Date | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The newest 500 things the user can download. */
export async function listDownloads(deps: AppDeps, userId: string): Promise<DownloadEntry[]> {
  const rows = await queryRows<Row>(
    deps.database.db,
    sql`select * from (
        select 'file' as source, f.id, f.name, f.size::text as size, f.content_type,
          trim(u.first_name || ' ' || u.last_name) as sender, s.created_at as at
        from file_shares s join file_items f on f.id = s.item_id join users u on u.id = f.owner_id
        where s.user_id = ${userId} and f.kind = 'file' and f.trashed_at is null
        union all
        select 'mail', a.id, a.file_name, a.size::text, a.content_type,
          trim(su.first_name || ' ' || su.last_name), m.sent_at
        from attachments a join mail_messages m on m.id = a.mail_message_id
          join users su on su.id = m.sender_id
        where a.kind = 'mail' and m.sent_at is not null and exists (select 1 from mailbox_items b
          where b.message_id = m.id and b.owner_id = ${userId} and b.folder <> 'trash')
        union all
        select 'invoice', invoices.id, 'invoice-' || invoices.number || '.pdf', null, 'application/pdf',
          trim(u.first_name || ' ' || u.last_name), invoices.sent_at
        from invoices join users u on u.id = invoices.issuer_id
        where ${readableBy(userId)} and invoices.sent_at is not null
      ) d
      left join lateral (select r.downloaded_at from download_records r
        where r.user_id = ${userId} and r.source = d.source and r.source_id = d.id) r on true
      order by d.at desc limit 500`,
  );
  return rows.map((r) => ({
    source: r.source,
    id: r.id,
    name: r.name,
    size: r.size === null ? null : Number(r.size),
    contentType: r.content_type,
    from: r.sender,
    at: iso(r.at)!,
    downloadedAt: iso(r.downloaded_at),
    url: r.source === 'file' ? fileLink(deps, r.id, 'download', userId) : null,
    path:
      r.source === 'mail'
        ? `/api/mail/attachments/${r.id}`
        : r.source === 'invoice'
          ? `/api/invoices/${r.id}/pdf`
          : null,
  }));
}

export async function recordDownload(
  db: Database,
  userId: string,
  { source, sourceId }: z.infer<typeof downloadRecordSchema>,
) {
  if (source === 'file') await requireAccess(db, userId, sourceId);
  const [known] = await queryRows<{ ok: number }>(
    db,
    source === 'file'
      ? sql`select 1 as ok`
      : source === 'mail'
        ? sql`select 1 as ok from attachments a join mailbox_items b on b.message_id = a.mail_message_id
            where a.id = ${sourceId} and b.owner_id = ${userId} limit 1`
        : sql`select 1 as ok from invoices where id = ${sourceId} and ${readableBy(userId)} limit 1`,
  );
  if (!known) throw notFound('Nothing to download with this id.');
  await db.execute(
    sql`insert into download_records (user_id, source, source_id) values (${userId}, ${source}, ${sourceId})
      on conflict (user_id, source, source_id) do update set downloaded_at = now()`,
  );
}
