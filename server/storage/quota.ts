// Per-user storage quota (STORAGE_QUOTA_BYTES). What a user keeps is counted by the logical
// size of their rows (a file deduplicated against someone else's still counts for each of
// them: quotas are about what a user keeps, not about the disk), summed over the tables
// listed in quotaSources, plus what unfinished uploads hold (quotaReservations: the length an
// upload declared, from its creation until it becomes a file or expires). An upload that
// would pass the quota is refused with 413 naming the limit before any byte is stored.
// Reservations are made under a per-owner transaction lock (`reserveQuota`), so uploads
// started at the same moment cannot together pass the quota; a plain upload is checked
// without that lock and may pass it by one file at most when it races another upload.
import { sql, type SQL } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ApiError } from '../lib/errors.ts';
import { quotaReservations, quotaSources } from './references.ts';
import { formatBytes } from './storage.ts';

export interface QuotaUsage {
  /** bytes kept plus bytes held by unfinished uploads */
  used: number;
  /** the part of `used` held by unfinished uploads */
  reserved: number;
  limit: number;
}

export interface UsageOptions {
  /** leave this reservation out (the upload being made into its file) */
  exceptReservation?: string;
}

const id = (name: string) => sql.identifier(name);

export async function usedBytes(
  db: Executor,
  userId: string,
  options: UsageOptions = {},
): Promise<{ kept: number; reserved: number }> {
  const zero = sql`0::bigint`;
  const kept = quotaSources.map(
    ({ table, owner, size }) =>
      sql`(select coalesce(sum(${id(size)}), 0) from ${id(table)} where ${id(owner)} = ${userId})`,
  );
  const held = quotaReservations.map(({ table, owner, size, expires, key }) => {
    const except: SQL = options.exceptReservation
      ? sql` and ${id(key)} <> ${options.exceptReservation}`
      : sql``;
    return sql`(select coalesce(sum(${id(size)}), 0) from ${id(table)}
      where ${id(owner)} = ${userId} and ${id(expires)} > now()${except})`;
  });
  const [row] = await queryRows<{ kept: string | number; reserved: string | number }>(
    db,
    sql`select (${kept.length ? sql.join(kept, sql` + `) : zero})::bigint as kept,
      (${held.length ? sql.join(held, sql` + `) : zero})::bigint as reserved`,
  );
  return { kept: Number(row?.kept ?? 0), reserved: Number(row?.reserved ?? 0) };
}

async function usageIn(
  db: Executor,
  deps: AppDeps,
  userId: string,
  options: UsageOptions,
): Promise<QuotaUsage> {
  const { kept, reserved } = await usedBytes(db, userId, options);
  return { used: kept + reserved, reserved, limit: deps.env.STORAGE_QUOTA_BYTES };
}

export function quotaUsage(
  deps: AppDeps,
  userId: string,
  options: UsageOptions = {},
): Promise<QuotaUsage> {
  return usageIn(deps.database.db, deps, userId, options);
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
export async function assertQuota(
  deps: AppDeps,
  userId: string,
  incoming: number,
  options: UsageOptions = {},
) {
  const usage = await quotaUsage(deps, userId, options);
  if (usage.used + incoming > usage.limit) throw new QuotaExceeded(usage, incoming);
  return usage;
}

/**
 * Checks the quota and, when `incoming` bytes fit, runs `reserve` (which writes the row that
 * holds them) in one transaction holding the owner's lock; throws QuotaExceeded otherwise.
 */
export async function reserveQuota(
  deps: AppDeps,
  ownerId: string,
  incoming: number,
  reserve: (tx: Executor) => Promise<void>,
) {
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quota:${ownerId}`}, 0))`);
    const usage = await usageIn(tx, deps, ownerId, {});
    if (usage.used + incoming > usage.limit) throw new QuotaExceeded(usage, incoming);
    await reserve(tx);
  });
}
