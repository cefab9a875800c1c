// Upload measurements. Prints figures, asserts nothing. Run: npm run bench:upload [-- MB]
// 1. Upload throughput of one file (200 MB by default) on loopback to a real server process
//    (temp DATA_DIR, disk driver): through the tus endpoint (POST, then one PATCH with the whole
//    body, from Node's fetch and from curl) against a plain curl upload of the same size to the
//    same server (PUT /api/files/content). Each run sends different bytes, so deduplication
//    never skips the write; MB/s = size / time from the first byte sent to the file's row.
// 2. Time to list a folder of 10,000 files (GET /api/files/items, in process on PGlite): the
//    first page (500 rows, what the page shows first) and the whole folder (pages of 1,000),
//    p50 and p95 over 20 runs each.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

import { sql } from 'drizzle-orm';

import { createTestServer } from '../../server/testing/test-server';
import { signUp, startServer } from '../e2e/support';

const MB = 1024 * 1024;
const SIZE = Number(process.argv[2] ?? 200) * MB;
const RUNS = 3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-bench-'));
const file = path.join(dir, 'payload.bin');

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mbps = (ms: number) => (SIZE / MB / (ms / 1000)).toFixed(1);

function freshPayload(run: number) {
  const bytes = Buffer.alloc(SIZE, run + 1);
  bytes.writeUInt32BE(Date.now() % 2 ** 32, 0);
  fs.writeFileSync(file, bytes);
}

const server = await startServer({
  env: { STORAGE_QUOTA_BYTES: String(20 * 1024 * MB), LOG_REQUESTS: 'false' },
});
const { accessToken } = await signUp(server, { email: `upload-bench-${Date.now()}@example.com` });
const auth = { Authorization: `Bearer ${accessToken}` };
const meta = (name: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from('application/octet-stream').toString('base64')}`;

async function createUpload(name: string, retried = false): Promise<string> {
  // the keep-alive socket of the last big PATCH may be closed under us: one fresh try
  const res = await fetch(`${server.url}/api/files/tus`, {
    method: 'POST',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(SIZE),
      'Upload-Metadata': meta(name),
    },
  }).catch((error: unknown) => {
    if (retried) throw error;
    return null;
  });
  if (!res) return createUpload(name, true);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return `${server.url}${res.headers.get('location')}`;
}

const results: Record<string, number[]> = {
  'tus PATCH (Node fetch)': [],
  'tus PATCH (curl)': [],
  'plain PUT (curl)': [],
};
try {
  for (let run = 0; run < RUNS; run += 1) {
    freshPayload(run * 3);
    let location = await createUpload(`fetch-${run}.bin`);
    let started = performance.now();
    const patched = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (patched.status !== 200) throw new Error(`patch: ${patched.status} ${await patched.text()}`);
    results['tus PATCH (Node fetch)']!.push(performance.now() - started);

    freshPayload(run * 3 + 1);
    location = await createUpload(`curl-${run}.bin`);
    started = performance.now();
    execFileSync('curl', [
      '-sS',
      '-f',
      '-o',
      '/dev/null',
      '-X',
      'PATCH',
      '-H',
      `Authorization: Bearer ${accessToken}`,
      '-H',
      'Tus-Resumable: 1.0.0',
      '-H',
      'Upload-Offset: 0',
      '-H',
      'Content-Type: application/offset+octet-stream',
      '-H',
      'Expect:',
      '--data-binary',
      `@${file}`,
      location,
    ]);
    results['tus PATCH (curl)']!.push(performance.now() - started);

    freshPayload(run * 3 + 2);
    started = performance.now();
    execFileSync('curl', [
      '-sS',
      '-f',
      '-o',
      '/dev/null',
      '-T',
      file,
      '-H',
      `Authorization: Bearer ${accessToken}`,
      '-H',
      'Content-Type: application/octet-stream',
      '-H',
      'Expect:',
      `${server.url}/api/files/content?name=plain-${run}.bin`,
    ]);
    results['plain PUT (curl)']!.push(performance.now() - started);
  }
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`\nUpload of ${SIZE / MB} MB on loopback, ${RUNS} runs each (median; best):`);
for (const [name, times] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(24)} ${mbps(pct(times, 50)).padStart(7)} MB/s   ${mbps(Math.min(...times)).padStart(7)} MB/s   (${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s)`,
  );
}

// 2. listing a folder of 10,000 files
const t = await createTestServer({ LOG_REQUESTS: 'false' });
const owner = await t.createUser();
const folderId = crypto.randomUUID();
await t.deps.database.db.execute(
  sql`insert into file_items (id, owner_id, kind, name) values (${folderId}, ${owner.user.id}, 'folder', 'Big folder')`,
);
await t.deps.database.db
  .execute(sql`insert into file_items (owner_id, parent_id, kind, name, content_type, size, blob_hash)
  select ${owner.user.id}, ${folderId}, 'file', 'file-' || lpad(n::text, 5, '0') || '.txt', 'text/plain', n, repeat('a', 64)
  from generate_series(1, 10000) n`);
await t.deps.database.db.execute(sql`analyze file_items`);

async function list(query: string) {
  const res = await t.app.request(`/api/files/items?parentId=${folderId}&${query}`, {
    headers: owner.auth,
  });
  return (await res.json()) as { items: unknown[]; total: number };
}
const firstPage: number[] = [];
const whole: number[] = [];
for (let i = 0; i < 22; i += 1) {
  let started = performance.now();
  const page = await list('limit=500');
  if (i >= 2) firstPage.push(performance.now() - started);
  started = performance.now();
  let count = 0;
  for (let offset = 0; offset < page.total; offset += 1000)
    count += (await list(`limit=1000&offset=${offset}`)).items.length;
  if (i >= 2) whole.push(performance.now() - started);
  if (count !== 10_000) throw new Error(`listed ${count}`);
}
await t.close();
console.log('\nListing a folder of 10,000 files (20 runs, after 2 warm-up runs):');
console.log(
  `  first page (500 rows)        p50 ${pct(firstPage, 50).toFixed(1)} ms   p95 ${pct(firstPage, 95).toFixed(1)} ms`,
);
console.log(
  `  whole folder (10 × 1,000)    p50 ${pct(whole, 50).toFixed(1)} ms   p95 ${pct(whole, 95).toFixed(1)} ms`,
);
process.exit(0);
