// Cover images. The bytes live on disk under DATA_DIR/blog-covers/<id> (one file each; the
// row in `blog_covers` holds the owner, the type and the size); on several API processes that
// directory must be shared storage. The type is read from the file's first bytes (PNG, JPEG,
// WebP), never from the name or the type the browser declared, and the file is served with
// that type and `nosniff`. A cover is served to anyone who has its URL: its id is random
// (122 bits) and is only handed out with the posts the caller may read. Covers no post uses
// are removed 24 hours after their upload (when their owner uploads the next one).
import fs from 'node:fs';
import path from 'node:path';

import { and, eq, isNull, lt } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { CoverType } from '../contracts/blog.ts';
import type { Executor } from '../db/client.ts';
import { blogCovers, blogPosts } from '../db/schema/index.ts';

const UNUSED_COVER_MS = 24 * 3600_000;

/** The image type by its magic bytes, or null when it is not a PNG, JPEG or WebP image. */
export function sniffImageType(bytes: Uint8Array): CoverType | null {
  const at = (offset: number, ...values: number[]) =>
    values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const coverDir = (deps: AppDeps) => path.join(deps.env.dataDir, 'blog-covers');

function coverPath(deps: AppDeps, id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad cover id');
  return path.join(coverDir(deps), id);
}

export async function writeCover(deps: AppDeps, id: string, bytes: Uint8Array) {
  await fs.promises.mkdir(coverDir(deps), { recursive: true });
  await fs.promises.writeFile(coverPath(deps, id), bytes);
}

export async function readCover(deps: AppDeps, id: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(coverPath(deps, id));
  } catch {
    return null;
  }
}

/** Removes covers (rows and files). */
export async function removeCovers(deps: AppDeps, db: Executor, ids: string[]) {
  for (const id of ids) {
    await db.delete(blogCovers).where(eq(blogCovers.id, id));
    await fs.promises.rm(coverPath(deps, id), { force: true });
  }
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
