// Images put into storage are checked and cleaned on the server with sharp: the bytes must
// decode as JPEG, PNG, WebP, GIF or AVIF (the declared type and the name are not trusted),
// the EXIF orientation is applied to the pixels and every metadata block (EXIF with its GPS
// location, XMP, IPTC, comments) is dropped by re-encoding, and a thumbnail is made (unless
// the caller has no use for one). Every image a user uploads goes through `putImage`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

import { ApiError } from '../lib/errors.ts';
import { privateDir } from '../lib/private-dir.ts';
import type { Storage, StoredBlob } from './storage.ts';

export const IMAGE_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
} as const;

export const THUMBNAIL_SIZE = 320;
/** Decoding bombs: refuse images over this many pixels (about 16k × 16k). */
const MAX_PIXELS = 268_402_689;

export interface StoredImage extends StoredBlob {
  contentType: string;
  width: number;
  height: number;
  /** null when asked for none */
  thumbnail: (StoredBlob & { contentType: 'image/webp' }) | null;
}

export const notAnImage = () =>
  new ApiError(422, 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).', {
    file: 'Not a readable JPEG, PNG, WebP, GIF or AVIF image.',
  });

/** Whether sharp reads these bytes as one of IMAGE_TYPES, and as what. */
export async function imageType(input: Buffer | string): Promise<string | null> {
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    return IMAGE_TYPES[meta.format as keyof typeof IMAGE_TYPES] ?? null;
  } catch {
    return null;
  }
}

/**
 * Stores a cleaned copy of the image (and its thumbnail) and answers both hashes; the input
 * (bytes, or a path on the local disk, left in place) is never stored as it came.
 */
export async function putImage(
  storage: Storage,
  input: Buffer | string,
  options: { thumbnail?: boolean } = {},
): Promise<StoredImage> {
  const contentType = await imageType(input);
  if (!contentType) throw notAnImage();
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  const staged = path.join(storage.stagingDir, `img-${crypto.randomUUID()}`);
  privateDir(storage.stagingDir);
  try {
    const base = sharp(input, { limitInputPixels: MAX_PIXELS, animated, failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? base.jpeg({ quality: 90, mozjpeg: true })
        : contentType === 'image/png'
          ? base.png()
          : contentType === 'image/webp'
            ? base.webp({ quality: 90 })
            : contentType === 'image/gif'
              ? base.gif()
              : base.avif({ quality: 60 });
    const info = await encoded.toFile(staged);
    const thumbnail =
      options.thumbnail === false
        ? null
        : await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
            .rotate()
            .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer();
    const image = await storage.putFile(staged);
    const thumb = thumbnail ? await storage.put(thumbnail) : null;
    return {
      ...image,
      contentType,
      width: info.width,
      height: animated && info.pageHeight ? info.pageHeight : info.height,
      thumbnail: thumb ? { ...thumb, contentType: 'image/webp' } : null,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (
      error instanceof Error &&
      /Input|unsupported|corrupt|VipsJpeg|pngload|exceeds/i.test(error.message)
    ) {
      throw notAnImage();
    }
    throw error;
  } finally {
    await fs.promises.rm(staged, { force: true });
  }
}
