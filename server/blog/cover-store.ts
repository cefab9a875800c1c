// Cover images, kept in the shared storage module (server/storage: local disk or S3). An
// upload must be a PNG, JPEG or WebP image by its first bytes (the name and the declared type
// are not trusted) that decodes; it is stored re-encoded as WebP in two sizes, the cover (at
// most 1600 px wide) and the list card's (800 px), which also drops every metadata block
// (EXIF with its GPS position, XMP…). A cover is served to anyone who has its URL: its id is
// random (122 bits) and only handed out with the posts the caller may read. Covers no post
// uses are removed 24 hours after their upload (when their owner uploads the next one); the
// storage collector then removes their bytes.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';

import type { AppDeps } from '../context.ts';
import type { BlogCover, CoverType } from '../contracts/blog.ts';
import type { Executor } from '../db/client.ts';
import { blogCovers, blogPosts, storageBlobs } from '../db/schema/index.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { imageType, notAnImage } from '../storage/images.ts';
import { blobResponse } from '../storage/serve.ts';
import { storageOf } from '../storage/storage.ts';

const UNUSED_COVER_MS = 24 * 3600_000;
const COVER_WIDTH = 1600;
const CARD_WIDTH = 800;
/** Decoding bombs: refuse images over this many pixels (about 8k × 8k). */
const MAX_PIXELS = 64_000_000;

/** The image type by its magic bytes, or null when it is not a PNG, JPEG or WebP image. */
export function sniffImageType(bytes: Uint8Array): CoverType | null {
  const at = (offset: number, ...values: number[]) =>
    values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

export const coverUrl = (coverId: string | null, size: 'cover' | 'card' = 'cover') =>
  coverId ? `/api/blog/covers/${coverId}${size === 'card' ? '/card' : ''}` : null;

async function resized(bytes: Buffer, width: number, quality: number) {
  return sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
}

/** Stores an uploaded cover (already sniffed as `contentType`) for its owner. */
export async function storeCover(
  deps: AppDeps,
  ownerId: string,
  bytes: Buffer,
  contentType: CoverType,
): Promise<BlogCover> {
  if ((await imageType(bytes)) !== contentType) throw notAnImage();
  let cover: Awaited<ReturnType<typeof resized>>;
  let card: Awaited<ReturnType<typeof resized>>;
  try {
    [cover, card] = await Promise.all([resized(bytes, COVER_WIDTH, 82), resized(bytes, CARD_WIDTH, 75)]);
  } catch {
    throw notAnImage();
  }
  const storage = storageOf(deps);
  const [blob, cardBlob] = await Promise.all([storage.put(cover.data), storage.put(card.data)]);
  const [row] = await deps.database.db
    .insert(blogCovers)
    .values({
      ownerId,
      contentType,
      size: blob.size,
      blobHash: blob.hash,
      cardHash: cardBlob.hash,
      width: cover.info.width,
      height: cover.info.height,
    })
    .returning({ id: blogCovers.id });
  return {
    id: row!.id,
    url: coverUrl(row!.id)!,
    contentType: 'image/webp',
    size: blob.size,
    width: cover.info.width,
    height: cover.info.height,
  };
}

/** Removes cover rows; their bytes go with the storage collector. */
export async function removeCovers(db: Executor, ids: string[]) {
  for (const id of ids) await db.delete(blogCovers).where(eq(blogCovers.id, id));
}

/** An owner's covers uploaded over 24 hours ago that no post shows. */
export async function staleCovers(db: Executor, ownerId: string, now = Date.now()) {
  const rows = await db
    .select({ id: blogCovers.id })
    .from(blogCovers)
    .leftJoin(blogPosts, eq(blogPosts.coverId, blogCovers.id))
    .where(
      and(
        eq(blogCovers.ownerId, ownerId),
        lt(blogCovers.createdAt, new Date(now - UNUSED_COVER_MS)),
        isNull(blogPosts.id),
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether any post still shows this cover (a cover may be reused by its owner). */
async function coverInUse(db: Executor, coverId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(eq(blogPosts.coverId, coverId));
  return Number(row?.n ?? 0) > 0;
}

/** Removes a cover a change left unused (a replaced cover, a deleted post's). */
export async function dropUnusedCover(db: Executor, coverId: string | null) {
  if (coverId && !(await coverInUse(db, coverId))) await removeCovers(db, [coverId]);
}

/** Stores a new upload of its owner's, after removing their covers gone stale. */
export async function uploadCover(deps: AppDeps, ownerId: string, bytes: Buffer) {
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    const message = 'The file is not a PNG, JPEG or WebP image.';
    throw new ApiError(400, message, { file: message });
  }
  const db = deps.database.db;
  await removeCovers(db, await staleCovers(db, ownerId));
  return storeCover(deps, ownerId, bytes, contentType);
}

/** A cover's bytes (the card's size or the full one) as an HTTP answer, cached for good: the
 *  bytes behind a cover id never change. */
export async function coverResponse(
  deps: AppDeps,
  request: Request,
  id: string,
  size: 'cover' | 'card',
): Promise<Response> {
  const db = deps.database.db;
  const [row] = await db
    .select({ blobHash: blogCovers.blobHash, cardHash: blogCovers.cardHash })
    .from(blogCovers)
    .where(eq(blogCovers.id, id));
  if (!row) throw notFound('No such cover image.');
  const hash = size === 'card' ? row.cardHash : row.blobHash;
  const [blob] = await db
    .select({ size: storageBlobs.size })
    .from(storageBlobs)
    .where(eq(storageBlobs.hash, hash));
  if (!blob) throw notFound('The cover image is missing.');
  const response = await blobResponse(
    request,
    storageOf(deps),
    { hash, size: blob.size, contentType: 'image/webp', fileName: `${id}.webp` },
    { inline: true },
  );
  response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  return response;
}
