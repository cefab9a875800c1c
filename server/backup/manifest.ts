// A backup's manifest: what the archive holds and how to check it. The archive (a gzipped tar)
// holds `manifest.json`, the database as PGlite's data-directory dump (`database/pglite.tar`)
// and every other file of DATA_DIR under `files/`. The manifest names each of them with its
// size and SHA-256, the migration the database had reached and its row counts per table, so a
// restore can refuse a damaged or foreign archive before it writes anything.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

import { z } from 'zod';

export const BACKUP_FORMAT = 'clipdeck-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = 'database/pglite.tar';
export const FILES_PREFIX = 'files/';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256 });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.literal('pglite'),
    /** the migrations applied, as drizzle-kit numbers them (0-based index, tag) */
    migration: z.object({ count: z.number().int().min(0), last: z.string().nullable() }),
    /** rows per table of the public schema */
    counts: z.record(z.string(), z.number().int().min(0)),
    dump: entry,
  }),
  /** where the stored files are: with S3 they stay in the bucket and are not in the archive */
  storage: z.enum(['disk', 's3']),
  /** DATA_DIR's files besides the database, paths relative to it with `/` */
  files: z.array(entry),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entry>;

export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { size, sha256: hash.digest('hex') };
}

export function bytesDigest(bytes: Uint8Array): { size: number; sha256: string } {
  return {
    size: bytes.byteLength,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
  };
}
