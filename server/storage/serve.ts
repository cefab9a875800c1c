// Answers a download of a stored blob: streamed, with its type, a safe Content-Disposition,
// an ETag (a keyed hash of the blob: never its content hash, which would let anyone who saw
// it name the bytes elsewhere) and single byte ranges (206, or 416 when out of bounds; several
// ranges at once get the whole body, which RFC 9110 allows).
// Stored files are user content: only passive types may be shown inline, everything else is
// an attachment; SVG keeps its type (so an <img> can show it, where scripts never run) but is
// always an attachment in a sandbox; every answer has nosniff and a CSP that runs nothing.
import { Readable } from 'node:stream';

import { withoutUnsafeCharacters } from '../contracts/files.ts';
import type { ByteRange } from './driver.ts';
import type { Storage } from './storage.ts';

export interface ServedBlob {
  hash: string;
  size: number;
  contentType: string;
  fileName: string;
}

const PASSIVE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp)|video\/(mp4|webm|ogg|quicktime)|audio\/(mpeg|mp4|ogg|wav|webm|flac|aac|x-wav)|application\/pdf|text\/plain)$/;

/** The type a stored file is served with (never one a browser would run). */
export function servedType(contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/plain') return 'text/plain; charset=utf-8';
  if (PASSIVE.test(type) || type === 'image/svg+xml') return type;
  return 'application/octet-stream';
}

export function isInlineSafe(contentType: string): boolean {
  return PASSIVE.test(contentType.split(';')[0]!.trim().toLowerCase());
}

/**
 * A Content-Disposition value whose file name cannot break the header, name a path or read
 * otherwise than it is (no control or text-direction characters, even in a name stored before
 * they were refused).
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const base = withoutUnsafeCharacters(fileName.split(/[\\/]/).pop() ?? '') || 'file';
  const ascii = base.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}

/** One range of `bytes=…` within `size`; null for none or several, 'unsatisfiable' past the end. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (start >= size || (to && Number(to) < start)) return 'unsatisfiable';
  return { start, end };
}

export async function blobResponse(
  request: Request,
  storage: Storage,
  blob: ServedBlob,
  options: { inline?: boolean } = {},
): Promise<Response> {
  const type = servedType(blob.contentType);
  const inline = options.inline === true && isInlineSafe(blob.contentType);
  const etag = `"${storage.etag(blob.hash)}"`;
  const headers = new Headers({
    'Content-Type': type,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', blob.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy':
      type === 'application/pdf'
        ? "default-src 'none'; object-src 'none'; frame-ancestors 'self'"
        : "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    'X-Frame-Options': 'SAMEORIGIN',
    'Cache-Control': 'private, max-age=300',
    'Accept-Ranges': 'bytes',
    ETag: etag,
  });
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers });
  }
  const ifRange = request.headers.get('if-range');
  const range =
    ifRange && ifRange !== etag
      ? null
      : parseRange(request.headers.get('range') ?? undefined, blob.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${blob.size}`);
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response('Range not satisfiable.', { status: 416, headers });
  }
  const length = range ? range.end - range.start + 1 : blob.size;
  headers.set('Content-Length', String(length));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || blob.size === 0) return new Response(null, { status, headers });
  const stream = await storage.read(blob.hash, range ?? undefined);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}
