// What a storage driver does: keep opaque byte objects under string keys. The content
// addressing, deduplication and collection live above it (storage.ts, collect.ts), so a
// driver is small and the same test suite (storage.test.ts) runs on every driver.
import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
}

export interface BlobDriver {
  readonly kind: 'disk' | 's3';
  /** Creates the folder or bucket when it is missing. */
  ready(): Promise<void>;
  /** Stores the file at `filePath` under `key`. The file may be moved; the caller removes what is left. */
  write(key: string, filePath: string, size: number): Promise<void>;
  /** The object's bytes (or the range of them); rejects with `BlobMissing` when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<ObjectInfo & { key: string }>;
}

export class BlobMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Keys are made by the storage module, never from user input; this guards the invariant. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}
