// The storage overview: quota used and free, bytes and counts by category, recent files.
import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { fileCategory, FILE_CATEGORIES, type StorageOverview } from '../contracts/files.ts';
import { queryRows } from '../db/rows.ts';
import { quotaUsage } from '../storage/quota.ts';
import { listItems } from './queries.ts';

export async function storageOverview(deps: AppDeps, userId: string): Promise<StorageOverview> {
  const usage = await quotaUsage(deps, userId);
  const rows = await queryRows<{ content_type: string | null; bytes: string; count: string }>(
    deps.database.db,
    sql`select content_type, sum(size) as bytes, count(*) as count from file_items
      where owner_id = ${userId} and kind = 'file' group by content_type`,
  );
  const attachments = await queryRows<{ bytes: string; count: string }>(
    deps.database.db,
    sql`select coalesce(sum(size), 0) as bytes, count(*) as count from attachments where owner_id = ${userId}`,
  );
  const totals = new Map(FILE_CATEGORIES.map((c) => [c, { bytes: 0, count: 0 }]));
  for (const row of rows) {
    const entry = totals.get(fileCategory(row.content_type))!;
    entry.bytes += Number(row.bytes);
    entry.count += Number(row.count);
  }
  const other = totals.get('other')!;
  other.bytes += Number(attachments[0]?.bytes ?? 0);
  other.count += Number(attachments[0]?.count ?? 0);
  const recent = await listItems(deps, userId, {
    view: 'recent',
    sort: 'updated',
    order: 'desc',
    limit: 8,
    offset: 0,
  });
  return {
    used: usage.used,
    limit: usage.limit,
    maxUpload: deps.env.UPLOAD_MAX_BYTES,
    byCategory: FILE_CATEGORIES.map((category) => ({ category, ...totals.get(category)! })),
    recent: recent.items,
  };
}
