// Unfinished resumable uploads (tus.ts): what they hold and how long they live. Guarantees:
// - an upload holds the length it declared against the quota of the folder's owner from its
//   creation (`unfinished_uploads`, written under the owner's quota lock), so uploads in
//   progress cannot together pass the quota; /api/files/limits counts them in `used` and
//   says how much in `reserved`;
// - it expires UPLOAD_EXPIRY_HOURS (24 by default) after its creation (the `Upload-Expires`
//   header says when); an expired upload answers 410 and is removed by the sweep, which runs
//   at start and hourly in every API process: expired rows go with their bytes, and bytes in
//   DATA_DIR/uploads with no row (left by an older version, or whose row another process
//   swept) go once they are as old as an upload may be;
// - the hold ends when the upload becomes its file (in the file's transaction: store.ts),
//   when it is cancelled or refused, or when it expires.
// The state is in the database, so several API processes sharing one see the same uploads.
import path from 'node:path';

import { FileStore } from '@tus/file-store';
import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { unfinishedUploads } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';
import { privateDir } from '../lib/private-dir.ts';
import { reserveQuota } from '../storage/quota.ts';
import { checkUpload } from './store.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export const expiryMs = (deps: AppDeps) => deps.env.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

const stores = new WeakMap<AppDeps, FileStore>();

/** The tus store of DATA_DIR/uploads (a folder only this server's user may enter). */
export function uploadStore(deps: AppDeps): FileStore {
  let store = stores.get(deps);
  if (!store) {
    const directory = path.join(deps.env.dataDir, 'uploads');
    privateDir(directory);
    store = new FileStore({ directory });
    stores.set(deps, store);
  }
  return store;
}

export const uploadExpired = () =>
  new ApiError(410, 'This upload has expired; start it again.', {
    file: 'The upload expired before it was finished.',
  });

/**
 * Checks the upload against its type's limit, the folder and the quota, and holds its length
 * against the folder owner's quota until it ends; answers when it expires.
 */
export async function reserveUpload(
  deps: AppDeps,
  userId: string,
  input: { uploadId: string; parentId: string | null; contentType: string; size: number },
): Promise<Date> {
  const target = await checkUpload(deps, userId, input);
  const expiresAt = new Date(Date.now() + expiryMs(deps));
  await reserveQuota(deps, target.ownerId, input.size, async (tx) => {
    await tx.insert(unfinishedUploads).values({
      uploadId: input.uploadId,
      userId,
      ownerId: target.ownerId,
      size: input.size,
      expiresAt,
    });
  });
  return expiresAt;
}

/** Ends an upload's hold (finished, cancelled or refused). */
export async function releaseUpload(db: Executor, uploadId: string) {
  await db.execute(sql`delete from unfinished_uploads where upload_id = ${uploadId}`);
}

/** When the upload expires: its row's moment, or (an upload from before rows) its creation's. */
export async function uploadExpiresAt(
  deps: AppDeps,
  upload: { id: string; creation_date?: string },
): Promise<Date | null> {
  const [row] = await queryRows<{ expires_at: string | Date }>(
    deps.database.db,
    sql`select expires_at from unfinished_uploads where upload_id = ${upload.id}`,
  );
  if (row) return new Date(row.expires_at);
  if (!upload.creation_date) return null;
  return new Date(new Date(upload.creation_date).getTime() + expiryMs(deps));
}

export interface UploadSweep {
  /** expired uploads removed (rows, with their bytes when this process has them) */
  expired: number;
  /** bytes of uploads with no row, removed for their age */
  stray: number;
}

export async function sweepUnfinishedUploads(
  deps: AppDeps,
  now = new Date(),
): Promise<UploadSweep> {
  const store = uploadStore(deps);
  const gone = await queryRows<{ upload_id: string }>(
    deps.database.db,
    sql`delete from unfinished_uploads where expires_at <= ${now.toISOString()} returning upload_id`,
  );
  for (const { upload_id } of gone) await store.remove(upload_id).catch(() => undefined);

  let stray = 0;
  const ids = (await store.configstore.list?.()) ?? [];
  const held = new Set(
    (
      await queryRows<{ upload_id: string }>(
        deps.database.db,
        sql`select upload_id from unfinished_uploads where upload_id = any(${`{${ids.map((i) => `"${i}"`).join(',')}}`}::text[])`,
      )
    ).map((r) => r.upload_id),
  );
  for (const id of ids) {
    if (held.has(id)) continue;
    const upload = await store.getUpload(id).catch(() => null);
    const created = upload?.creation_date ? new Date(upload.creation_date).getTime() : 0;
    if (created + expiryMs(deps) > now.getTime()) continue;
    await store.remove(id).catch(() => undefined);
    stray += 1;
  }
  return { expired: gone.length, stray };
}

/** Sweeps at start, then hourly; returns a stop function. */
export function startUploadSweeper(deps: AppDeps): () => void {
  const run = () =>
    sweepUnfinishedUploads(deps)
      .then((r) => {
        if (r.expired || r.stray) deps.log.info('expired uploads removed', { ...r });
      })
      .catch((error: Error) => deps.log.warn('upload sweep failed', { message: error.message }));
  void run();
  const timer = setInterval(() => void run(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
