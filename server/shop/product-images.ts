// Product image bytes live on disk under DATA_DIR/product-images/<sha256>.<ext>, named by their
// content, so an image uploaded twice is stored once and a URL never changes meaning (hence
// the long, immutable cache). The format is decided by the file's first bytes, never by the
// type the browser declared: a script renamed to .png is refused. On several API processes
// the folder must be shared storage, like the mail attachments (ARCHITECTURE §6).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { AppDeps } from '../context.ts';

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

export function productImageDir(deps: Pick<AppDeps, 'env'>): string {
  return path.join(deps.env.dataDir, 'product-images');
}

/** Stores the bytes (already sniffed) and answers their URL. */
export async function storeProductImage(
  deps: Pick<AppDeps, 'env'>,
  bytes: Uint8Array,
  ext: ImageExtension,
): Promise<string> {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  const name = `${hash}.${ext}`;
  const dir = productImageDir(deps);
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    await fs.promises.mkdir(dir, { recursive: true });
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, file);
  }
  return `/api/products/images/${name}`;
}

/** The stored file for a URL's last segment, or null (bad name or missing). */
export async function readProductImage(deps: Pick<AppDeps, 'env'>, name: string) {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  try {
    const bytes = await fs.promises.readFile(path.join(productImageDir(deps), name));
    return { bytes, contentType: IMAGE_FORMATS[match[2] as ImageExtension] };
  } catch {
    return null;
  }
}
