// Per-user storage quota (STORAGE_QUOTA_BYTES). What a user keeps is counted by the logical
// size of their rows (a file deduplicated against someone else's still counts for each of
// them: quotas are about what a user keeps, not about the disk), summed over the tables
// listed in quotaSources. An upload that would pass the quota is refused with 413 naming the
// limit before any byte is stored; the check and the insert are not one transaction, so two
// uploads at the very same moment can pass the quota by one file at most.
import { sql } from 'drizzle-orm';

import { queryRows } from '../catalogue/sql-rows.ts';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { ApiError } from '../lib/errors.ts';
import { quotaSources } from './references.ts';
import { formatBytes } from './storage.ts';

export interface QuotaUsage {
  used: number;
  limit: number;
}

export async function usedBytes(db: Executor, userId: string): Promise<number> {
  const parts = quotaSources.map(
    ({ table, owner, size }) =>
      sql`(select coalesce(sum(${sql.identifier(size)}), 0) from ${sql.identifier(table)} where ${sql.identifier(owner)} = ${userId})`,
  );
  const [row] = await queryRows<{ used: string | number }>(
    db,
    sql`select (${sql.join(parts, sql` + `)})::bigint as used`,
  );
  return Number(row?.used ?? 0);
}

export async function quotaUsage(deps: AppDeps, userId: string): Promise<QuotaUsage> {
  return {
    used: await usedBytes(deps.database.db, userId),
    limit: deps.env.STORAGE_QUOTA_BYTES,
  };
}

export class QuotaExceeded extends ApiError {
  constructor(usage: QuotaUsage, incoming: number) {
    super(
      413,
      `Your storage quota of ${formatBytes(usage.limit)} is full: ${formatBytes(usage.used)} used, this file needs ${formatBytes(incoming)}.`,
      { file: `Over your quota of ${formatBytes(usage.limit)}.` },
      { 'X-Quota-Limit': String(usage.limit), 'X-Quota-Used': String(usage.used) },
    );
  }
}

/** Throws QuotaExceeded when `incoming` more bytes would pass the user's quota. */
export async function assertQuota(deps: AppDeps, userId: string, incoming: number) {
  const usage = await quotaUsage(deps, userId);
  if (usage.used + incoming > usage.limit) throw new QuotaExceeded(usage, incoming);
  return usage;
}
