// The storage module: bytes addressed by their SHA-256, on the local disk (default) or an
// S3-compatible store (S3_URL / S3_*). Guarantees:
// - `put` streams the bytes to a staging file under DATA_DIR while hashing them, so nothing
//   large is held in memory and a body over `maxBytes` is refused (413) before it is stored;
// - the same bytes are stored once: a second `put` of them writes nothing new;
// - every `put` touches the blob's row in `storage_blobs`, and the collector (collect.ts)
//   only removes a blob untouched for the grace period that no registered column points at,
//   so the caller has that long to insert the row that references the hash it got back;
// - a collector deleting a blob and a `put` of the same bytes cannot lose them: the collector
//   removes the object while holding the row's lock, and a `put` that then re-creates the
//   row (instead of touching it) writes the object again.
// Reads are streams with an optional byte range (serve.ts answers HTTP Range requests).
// The content hash stays on the server: what a client sees of a blob (its ETag) is a keyed hash
// of it (`etag`), so a download never hands out the address of the bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import { sql } from 'drizzle-orm';

import { resolveJwtSecret } from '../auth/tokens.ts';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ApiError } from '../lib/errors.ts';
import { PRIVATE_FILE_MODE, privateDir } from '../lib/private-dir.ts';
import { createDiskDriver } from './disk-driver.ts';
import type { BlobDriver, ByteRange } from './driver.ts';
import { s3Settings } from './s3-config.ts';
import { createS3Driver } from './s3-driver.ts';

export interface StoredBlob {
  /** lowercase hex SHA-256 */
  hash: string;
  size: number;
}

export type BlobSource = Uint8Array | Readable | WebReadableStream<Uint8Array> | ReadableStream;

export interface PutOptions {
  /** bytes above which the put fails with a 413 naming the limit */
  maxBytes?: number;
}

export interface Storage {
  readonly driver: BlobDriver;
  /** Where uploads in progress are kept (always on the local disk). */
  readonly stagingDir: string;
  put(source: BlobSource, options?: PutOptions): Promise<StoredBlob>;
  /** Stores a file already on the local disk (moved when possible) and removes it. */
  putFile(filePath: string): Promise<StoredBlob>;
  read(hash: string, range?: ByteRange): Promise<Readable>;
  readBytes(hash: string): Promise<Buffer>;
  has(hash: string): Promise<boolean>;
  /** the stored size, or null when absent */
  size(hash: string): Promise<number | null>;
  /** A stable tag for the blob that does not reveal its hash (an HMAC under the server's key). */
  etag(hash: string): string;
}

export const HASH = /^[0-9a-f]{64}$/;

export function blobKey(hash: string): string {
  if (!HASH.test(hash)) throw new Error('Invalid blob hash');
  return `blobs/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
}

export class TooLarge extends ApiError {
  constructor(readonly limit: number) {
    super(413, `The file is larger than the limit of ${formatBytes(limit)}.`, {
      file: `At most ${formatBytes(limit)}.`,
    });
  }
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

function toReadable(source: BlobSource): Readable {
  if (source instanceof Uint8Array) return Readable.from([source]);
  if (source instanceof Readable) return source;
  return Readable.fromWeb(source as WebReadableStream<Uint8Array>);
}

export function createStorage(options: {
  driver: BlobDriver;
  db: Executor;
  stagingDir: string;
  /** the key of `etag`; without one, a random key (tags then differ between processes) */
  tagKey?: Buffer;
}): Storage {
  const { driver, db, stagingDir } = options;
  const tagKey = options.tagKey ?? crypto.randomBytes(32);
  let prepared: Promise<void> | undefined;
  const prepare = () => (prepared ??= driver.ready().then(() => privateDir(stagingDir)));

  const stagingPath = () => path.join(stagingDir, `${Date.now()}-${crypto.randomUUID()}`);

  async function commit(filePath: string, hash: string, size: number): Promise<StoredBlob> {
    const key = blobKey(hash);
    try {
      const existed = (await driver.stat(key)) !== null;
      if (!existed) await driver.write(key, filePath, size);
      const [row] = await queryRows<{ inserted: boolean }>(
        db,
        sql`insert into storage_blobs (hash, size) values (${hash}, ${size})
          on conflict (hash) do update set touched_at = now()
          returning (xmax = 0) as inserted`,
      );
      // a new row over an object already there: a collector may be removing that object
      if (row?.inserted && existed) await driver.write(key, filePath, size);
      return { hash, size };
    } finally {
      await fs.promises.rm(filePath, { force: true });
    }
  }

  async function hashFile(filePath: string): Promise<StoredBlob> {
    const digest = crypto.createHash('sha256');
    let size = 0;
    for await (const chunk of fs.createReadStream(filePath) as AsyncIterable<Buffer>) {
      digest.update(chunk);
      size += chunk.length;
    }
    return { hash: digest.digest('hex'), size };
  }

  return {
    driver,
    stagingDir,
    async put(source, { maxBytes } = {}) {
      await prepare();
      const file = stagingPath();
      const digest = crypto.createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) return done(new TooLarge(maxBytes));
          digest.update(chunk);
          done(null, chunk);
        },
      });
      // opened before the bytes flow: a stream that opens its file itself may create it after
      // a refused body has already been cleaned up, leaving a staging file behind
      const handle = await fs.promises.open(file, 'w', PRIVATE_FILE_MODE);
      try {
        await pipeline(toReadable(source), meter, handle.createWriteStream());
      } catch (error) {
        await handle.close().catch(() => undefined);
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return commit(file, digest.digest('hex'), size);
    },
    async putFile(filePath) {
      await prepare();
      const { hash, size } = await hashFile(filePath);
      return commit(filePath, hash, size);
    },
    async read(hash, range) {
      await prepare();
      return driver.read(blobKey(hash), range);
    },
    async readBytes(hash) {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.read(hash)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async has(hash) {
      return (await this.size(hash)) !== null;
    },
    async size(hash) {
      await prepare();
      return (await driver.stat(blobKey(hash)))?.size ?? null;
    },
    etag(hash) {
      return crypto.createHmac('sha256', tagKey).update(blobKey(hash)).digest('base64url');
    },
  };
}

export function driverFor(env: AppDeps['env']): BlobDriver {
  const s3 = s3Settings(env);
  return s3 ? createS3Driver(s3) : createDiskDriver(path.join(env.dataDir, 'storage'));
}

const byDeps = new WeakMap<AppDeps, Storage>();

/** The storage of this server (one per set of dependencies, created on first use). */
export function storageOf(deps: AppDeps): Storage {
  let storage = byDeps.get(deps);
  if (!storage) {
    const secret = resolveJwtSecret(deps.env.JWT_SECRET, deps.env.dataDir);
    storage = createStorage({
      driver: driverFor(deps.env),
      db: deps.database.db,
      stagingDir: path.join(deps.env.dataDir, 'staging'),
      tagKey: crypto.createHmac('sha256', secret).update('clipdeck blob tags v1').digest(),
    });
    byDeps.set(deps, storage);
  }
  return storage;
}
