// Attachment bytes live in server/storage under the row's `blob_hash` (the row in
// `attachments` holds the name, type, size and who may read it). A forwarded file is a new row
// on the same blob; bytes no row points at any more are removed by the blob collector
// (server/storage/collect.ts). Files from before storage (DATA_DIR/attachments/<id>) are
// moved into it once, at start (importLegacyAttachments).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { and, eq, isNull } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { attachments } from '../db/schema/index.ts';
import { safeUploadName } from '../files/tus.ts';
import { assertQuota } from '../storage/quota.ts';
import { blobResponse } from '../storage/serve.ts';
import { storageOf, type StoredBlob } from '../storage/storage.ts';

export { contentDisposition } from '../storage/serve.ts';

/** Stores an uploaded file within the uploader's quota and the size limit. */
export async function storeAttachment(
  deps: AppDeps,
  ownerId: string,
  file: File,
  maxBytes: number,
): Promise<StoredBlob> {
  await assertQuota(deps, ownerId, file.size);
  return storageOf(deps).put(file.stream(), { maxBytes });
}

/**
 * Keeps an uploaded mail or chat file: its bytes in storage (within the quota and `maxBytes`)
 * and its row, owned by the uploader until a sent message takes it. The name is kept as a
 * plain name (no folders, no control characters: PostgreSQL refuses a NUL).
 */
export async function saveAttachment(
  deps: AppDeps,
  ownerId: string,
  file: File,
  options: { kind: 'mail' | 'chat'; maxBytes: number; contentType: string; unnamed: string },
) {
  const fileName = safeUploadName(file.name).slice(0, 200) || options.unnamed;
  const id = crypto.randomUUID();
  const blob = await storeAttachment(deps, ownerId, file, options.maxBytes);
  await deps.database.db.insert(attachments).values({
    id,
    ownerId,
    kind: options.kind,
    fileName,
    contentType: options.contentType,
    size: blob.size,
    blobHash: blob.hash,
  });
  return { id, fileName, contentType: options.contentType, size: file.size };
}

export interface ServedAttachment {
  fileName: string;
  contentType: string;
  size: number;
  blobHash: string | null;
}

/** The attachment's bytes as an HTTP answer (a download unless `inline`), or null when gone. */
export async function attachmentResponse(
  deps: AppDeps,
  request: Request,
  row: ServedAttachment,
  inline: boolean,
): Promise<Response | null> {
  const storage = storageOf(deps);
  if (!row.blobHash || !(await storage.has(row.blobHash))) return null;
  return blobResponse(
    request,
    storage,
    {
      hash: row.blobHash,
      size: row.size,
      // a download is a download: the browser is not asked to open it
      contentType: inline ? row.contentType : 'application/octet-stream',
      fileName: row.fileName,
    },
    { inline },
  );
}

/** Moves files kept in DATA_DIR/attachments before storage existed into it; returns how many. */
export async function importLegacyAttachments(deps: AppDeps): Promise<number> {
  const dir = path.join(deps.env.dataDir, 'attachments');
  if (!fs.existsSync(dir)) return 0;
  const db = deps.database.db;
  const rows = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(isNull(attachments.blobHash));
  let moved = 0;
  for (const { id } of rows) {
    const file = path.join(dir, id);
    if (!fs.existsSync(file)) continue;
    const { hash } = await storageOf(deps).put(fs.createReadStream(file));
    await db
      .update(attachments)
      .set({ blobHash: hash })
      .where(and(eq(attachments.id, id), isNull(attachments.blobHash)));
    await fs.promises.rm(file, { force: true });
    moved += 1;
  }
  return moved;
}
