// Adding a file to the tree from bytes on the local disk (a finished tus upload or a plain
// upload staged first): limits and quota checked, images cleaned (server/storage/images.ts),
// the bytes moved into storage, the row written with a name free in its folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import { and, eq } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { fileCategory, IMAGE_UPLOAD_TYPES, uploadLimit } from '../contracts/files.ts';
import { fileItems, fileUploads, unfinishedUploads } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError } from '../lib/errors.ts';
import { PRIVATE_FILE_MODE, privateDir } from '../lib/private-dir.ts';
import { putImage } from '../storage/images.ts';
import { assertQuota } from '../storage/quota.ts';
import { formatBytes, storageOf, TooLarge } from '../storage/storage.ts';
import { targetFolder } from './commands.ts';
import { freeName } from './names.ts';

const TYPE = /^[\w.+-]+\/[\w.+-]+$/;

export function cleanType(type: string | null | undefined): string {
  const t = (type ?? '').split(';')[0]!.trim().toLowerCase();
  return TYPE.test(t) ? t : 'application/octet-stream';
}

/**
 * Refuses, before any byte is sent, an upload over its type's limit or the owner's quota (an
 * upload being finished leaves its own hold out: it is what the bytes were held for).
 */
export async function checkUpload(
  deps: AppDeps,
  userId: string,
  input: { parentId: string | null; contentType: string; size: number; uploadId?: string },
) {
  const limit = uploadLimit(input.contentType, deps.env.UPLOAD_MAX_BYTES);
  if (input.size > limit) {
    throw new ApiError(
      413,
      `A ${fileCategory(input.contentType)} file may be at most ${formatBytes(limit)}.`,
      {
        file: `At most ${formatBytes(limit)}.`,
      },
    );
  }
  const target = await targetFolder(deps, userId, input.parentId);
  await assertQuota(deps, target.ownerId, input.size, { exceptReservation: input.uploadId });
  return target;
}

export interface NewFile {
  parentId: string | null;
  name: string;
  contentType: string;
  /** a file on the local disk; it is moved or removed */
  filePath: string;
  /** the resumable upload it comes from: a second finish of it returns the file the first made */
  upload?: { id: string; size: number };
}

/** The file a finished upload of this user's made, if it made one. */
export async function uploadedFile(deps: AppDeps, userId: string, uploadId: string) {
  const [row] = await deps.database.db
    .select({ item: fileItems, size: fileUploads.size })
    .from(fileUploads)
    .innerJoin(fileItems, eq(fileItems.id, fileUploads.itemId))
    .where(and(eq(fileUploads.uploadId, uploadId), eq(fileUploads.userId, userId)));
  return row ?? null;
}

export async function addFile(deps: AppDeps, userId: string, input: NewFile) {
  const storage = storageOf(deps);
  const db = deps.database.db;
  // the bytes stay on disk after an unexpected failure (the database went away, say), so the
  // upload can be finished later; a refusal (4xx) or success removes them
  let settled = false;
  try {
    if (input.upload) {
      const done = await uploadedFile(deps, userId, input.upload.id);
      if (done) {
        settled = true;
        return done.item;
      }
    }
    const size = (await fs.promises.stat(input.filePath)).size;
    const contentType = cleanType(input.contentType);
    const target = await checkUpload(deps, userId, {
      ...input,
      contentType,
      size,
      uploadId: input.upload?.id,
    });
    let stored: {
      hash: string;
      size: number;
      contentType: string;
      thumbnail?: string;
      width?: number;
      height?: number;
    };
    if (IMAGE_UPLOAD_TYPES.includes(contentType)) {
      const image = await putImage(storage, input.filePath);
      stored = { ...image, thumbnail: image.thumbnail?.hash };
    } else {
      stored = { ...(await storage.putFile(input.filePath)), contentType };
    }
    const { upload } = input;
    const row = await db
      .transaction(async (tx) => {
        const [item] = await tx
          .insert(fileItems)
          .values({
            ownerId: target.ownerId,
            parentId: target.parentId,
            kind: 'file',
            name: await freeName(tx, target.ownerId, target.parentId, input.name),
            contentType: stored.contentType,
            size: stored.size,
            blobHash: stored.hash,
            thumbnailHash: stored.thumbnail ?? null,
            width: stored.width ?? null,
            height: stored.height ?? null,
            createdBy: userId,
          })
          .returning();
        if (upload) {
          await tx
            .insert(fileUploads)
            .values({ uploadId: upload.id, userId, itemId: item!.id, size: upload.size });
          // its file counts against the quota from now on, instead of its hold
          await tx.delete(unfinishedUploads).where(eq(unfinishedUploads.uploadId, upload.id));
        }
        return item!;
      })
      .catch(async (error: unknown) => {
        // the same upload finished at the same moment elsewhere: its file is the one
        const done =
          upload && isUniqueViolation(error) ? await uploadedFile(deps, userId, upload.id) : null;
        if (!done) throw error;
        return done.item;
      });
    settled = true;
    return row;
  } catch (error) {
    if (error instanceof ApiError) settled = true;
    throw error;
  } finally {
    if (settled) await fs.promises.rm(input.filePath, { force: true });
  }
}

/** Writes a request body to a staging file, refusing it past `maxBytes`. */
export async function stageBody(
  deps: AppDeps,
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<string> {
  const dir = storageOf(deps).stagingDir;
  privateDir(dir);
  const file = path.join(dir, `body-${crypto.randomUUID()}`);
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLarge(maxBytes));
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      meter,
      fs.createWriteStream(file, { mode: PRIVATE_FILE_MODE }),
    );
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  return file;
}
