// Product images: uploaded by admins, shown to anyone at /api/products/images/<sha256>.<ext>.
// Guarantees:
// - an upload is cleaned like every image (server/storage/images.ts: decoded by sharp, turned
//   upright, re-encoded without EXIF, GPS, XMP or IPTC) and stored in server/storage; its
//   URL names the cleaned bytes, so it never changes meaning (hence the long, immutable cache);
// - the URL serves only a blob registered as a product image (`product_images`), and only
//   while a product shows it, or while a fresh upload waits to be saved with one (the blob
//   grace period, after which an unsaved upload's bytes may be collected). Any other stored
//   bytes (private files, attachments, invoices), whatever their hash, answer 404 there;
// - a product is saved only with registered images (`assertProductImages`), so an admin cannot
//   publish another feature's bytes by writing their hash into a product.
// The format is decided by the file's first bytes and by sharp, never by the type the browser
// declared. Images stored before the storage module (DATA_DIR/product-images/<name>) are
// still read from there, under the same rules.
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { badRequest } from '../lib/errors.ts';
import { BLOB_GRACE_MS } from '../storage/collect.ts';
import { notAnImage, putImage } from '../storage/images.ts';
import { blobResponse } from '../storage/serve.ts';
import { storageOf } from '../storage/storage.ts';

export const IMAGE_FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_FORMATS;

const FILE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;
const URL_PREFIX = '/api/products/images/';
/** How long an upload not yet saved with a product is served (then its bytes may go). */
export const UNSAVED_IMAGE_MS = BLOB_GRACE_MS;

const EXTENSIONS: Record<string, ImageExtension> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The format the bytes really are, or null. */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

function legacyImageDir(deps: Pick<AppDeps, 'env'>): string {
  return path.join(deps.env.dataDir, 'product-images');
}

async function register(
  deps: AppDeps,
  hash: string,
  ext: ImageExtension,
  uploadedBy: string | null,
): Promise<string> {
  await deps.database.db.execute(
    sql`insert into product_images (hash, ext, uploaded_by) values (${hash}, ${ext}, ${uploadedBy})
      on conflict (hash) do update set uploaded_at = now(), uploaded_by = excluded.uploaded_by`,
  );
  return `${URL_PREFIX}${hash}.${ext}`;
}

/** Cleans and stores an uploaded image, registers it as a product image and answers its URL. */
export async function storeProductImage(
  deps: AppDeps,
  bytes: Uint8Array,
  uploadedBy: string,
): Promise<string> {
  const image = await putImage(storageOf(deps), Buffer.from(bytes), { thumbnail: false });
  const ext = EXTENSIONS[image.contentType];
  if (!ext) throw notAnImage();
  return register(deps, image.hash, ext, uploadedBy);
}

/** Stores a picture the server drew itself (product-art.ts: a PNG with no metadata to drop). */
export async function storeDrawnProductImage(deps: AppDeps, png: Uint8Array): Promise<string> {
  const { hash } = await storageOf(deps).put(png);
  return register(deps, hash, 'png', null);
}

/** Refuses (400 naming `images.<n>`) an image URL that is not an uploaded product image. */
export async function assertProductImages(db: Executor, urls: readonly string[]) {
  const names = urls.map((url) => (url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : ''));
  const known = await queryRows<{ name: string }>(
    db,
    sql`select hash || '.' || ext as name from product_images
      where hash || '.' || ext = any(${`{${names.filter((n) => FILE_NAME.test(n)).join(',')}}`}::text[])`,
  );
  const registered = new Set(known.map((r) => r.name));
  const bad = names.findIndex((name) => !registered.has(name));
  if (bad >= 0)
    throw badRequest('Use images uploaded to the shop.', {
      [`images.${bad}`]: 'Upload the image through POST /api/products/images.',
    });
}

/** The answer for a URL's last segment, or null (bad name, not a shown product image, missing). */
export async function productImageResponse(
  deps: AppDeps,
  request: Request,
  name: string,
): Promise<Response | null> {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, hash, ext] = match as unknown as [string, string, ImageExtension];
  const unsavedSince = new Date(Date.now() - UNSAVED_IMAGE_MS).toISOString();
  const [shown] = await queryRows<{ hash: string }>(
    deps.database.db,
    sql`select i.hash from product_images i where i.hash = ${hash} and i.ext = ${ext}
      and (i.uploaded_at > ${unsavedSince}
        or exists (select 1 from products p where p.images @> array[${`${URL_PREFIX}${name}`}]::text[]))`,
  );
  if (!shown) return null;

  const storage = storageOf(deps);
  const contentType = IMAGE_FORMATS[ext];
  const size = await storage.size(hash);
  let response: Response;
  if (size !== null) {
    response = await blobResponse(
      request,
      storage,
      { hash, size, contentType, fileName: name },
      { inline: true },
    );
  } else {
    const bytes = await fs.promises
      .readFile(path.join(legacyImageDir(deps), name))
      .catch(() => null);
    if (!bytes) return null;
    response = new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': contentType,
        'Content-Length': String(bytes.length),
        'X-Content-Type-Options': 'nosniff',
        ETag: `"${storage.etag(hash)}"`,
      },
    });
  }
  // the bytes behind a product image URL never change
  response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  // images are shown by the PWA itself; the app's default is same-origin
  response.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return response;
}
