// Product image bytes live in server/storage under their SHA-256 (the URL is
// /api/products/images/<sha256>.<ext>), so an image uploaded twice is stored once and a URL never
// changes meaning (hence the long, immutable cache); `products.images` is registered with the
// blob collector (server/storage/references.ts). The format is decided by the file's first
// bytes, never by the type the browser declared: a script renamed to .png is refused. Images
// stored before the storage module (DATA_DIR/product-images/<name>) are still read from there.
import fs from 'node:fs';
import path from 'node:path';

import type { AppDeps } from '../context.ts';
import { storageOf } from '../storage/storage.ts';

export const IMAGE_FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_FORMATS;

const FILE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

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

/** Stores the bytes (already sniffed) and answers their URL. */
export async function storeProductImage(
  deps: AppDeps,
  bytes: Uint8Array,
  ext: ImageExtension,
): Promise<string> {
  const { hash } = await storageOf(deps).put(bytes);
  return `/api/products/images/${hash}.${ext}`;
}

/** The stored image for a URL's last segment, or null (bad name or missing). */
export async function readProductImage(deps: AppDeps, name: string) {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const contentType = IMAGE_FORMATS[match[2] as ImageExtension];
  const storage = storageOf(deps);
  if (await storage.has(match[1]!))
    return { bytes: await storage.readBytes(match[1]!), contentType };
  try {
    return {
      bytes: await fs.promises.readFile(path.join(legacyImageDir(deps), name)),
      contentType,
    };
  } catch {
    return null;
  }
}
