// The demo catalogue's video vectors, computed ahead with the model the server runs (Universal
// Sentence Encoder lite, 512 dimensions, unit length) and shipped in the repository, so a
// first start searches the demo's films by meaning at once; its clips are indexed in the
// background. `npm run catalogue:demo-vectors` makes the file again (demo-vectors-cli.ts).
//
// Each vector is keyed by the MD5 of the text it was made from, the same hash as the
// catalogue's `text_hash` column, so a vector is used only for the very text it belongs to:
// a demo film whose text changed has no match and the indexer embeds it like any other.
// Loaded vectors get the same bookkeeping row as the indexer's (catalogue_embeddings), so its
// hash check skips them.
//
// File (little-endian): "CDV1", uint32 count, uint16 dimensions, then per vector the 16 bytes
// of the MD5, a float32 scale and `dimensions` int8 values (value = int8 × scale). Int8 with
// a scale per vector keeps the cosine similarity of the float vectors to about three
// decimals at a quarter of their size; vectors are normalised again when read.
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { queryRows } from '../db/rows.ts';
import { SERVER_DIR } from '../lib/server-dir.ts';
import { markEmbedded } from './indexer.ts';
import { ensureVectorTables, upsertVectors } from './vectors.ts';

export const DEMO_VECTORS_FILE = path.join(SERVER_DIR, 'catalogue', 'demo-vectors.bin');

const MAGIC = 'CDV1';
const HEADER_BYTES = 10;

export function encodeDemoVectors(entries: { hash: string; vector: number[] }[]): Buffer {
  const dimensions = entries[0]?.vector.length ?? 0;
  const entryBytes = 16 + 4 + dimensions;
  const out = Buffer.alloc(HEADER_BYTES + entries.length * entryBytes);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(entries.length, 4);
  out.writeUInt16LE(dimensions, 8);
  entries.forEach(({ hash, vector }, i) => {
    if (vector.length !== dimensions) throw new Error('vectors of different lengths');
    const at = HEADER_BYTES + i * entryBytes;
    out.write(hash, at, 16, 'hex');
    const max = Math.max(...vector.map(Math.abs)) || 1;
    const scale = max / 127;
    out.writeFloatLE(scale, at + 16);
    vector.forEach((x, d) => out.writeInt8(Math.round(x / scale), at + 20 + d));
  });
  return out;
}

/** The vectors of a file by text hash, each back to unit length. */
export function decodeDemoVectors(file: Buffer): Map<string, number[]> {
  if (file.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a demo vectors file');
  const count = file.readUInt32LE(4);
  const dimensions = file.readUInt16LE(8);
  const entryBytes = 16 + 4 + dimensions;
  const vectors = new Map<string, number[]>();
  for (let i = 0; i < count; i += 1) {
    const at = HEADER_BYTES + i * entryBytes;
    const scale = file.readFloatLE(at + 16);
    const vector = Array.from({ length: dimensions }, (_, d) => file.readInt8(at + 20 + d) * scale);
    const norm = Math.hypot(...vector) || 1;
    vectors.set(
      file.toString('hex', at, at + 16),
      vector.map((x) => x / norm),
    );
  }
  return vectors;
}

/**
 * Stores the shipped vector of every demo video that has none for its current text. Returns
 * how many it stored; 0 (and the file is not read) when every demo video is indexed.
 */
export async function loadDemoVectors(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  await ensureVectorTables(db, 512);
  const pending = await queryRows<{ id: string; hash: string }>(
    db,
    sql`select x.id, x.text_hash as hash from catalogue_videos x
      left join catalogue_embeddings e on e.kind = 'video' and e.item_id = x.id
      where x.external_id like 'vega-movie:%' and e.text_hash is distinct from x.text_hash`,
  );
  if (!pending.length || !fs.existsSync(DEMO_VECTORS_FILE)) return 0;
  const shipped = decodeDemoVectors(fs.readFileSync(DEMO_VECTORS_FILE));
  const rows = pending.flatMap((p) => {
    const vector = shipped.get(p.hash);
    return vector ? [{ ...p, vector }] : [];
  });
  for (let i = 0; i < rows.length; i += 250) {
    const chunk = rows.slice(i, i + 250);
    await db.transaction(async (tx) => {
      await upsertVectors(tx, 'video', chunk);
      await markEmbedded(tx, 'video', chunk);
    });
  }
  return rows.length;
}
