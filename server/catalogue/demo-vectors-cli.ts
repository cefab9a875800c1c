// `npm run catalogue:demo-vectors`: computes the demo films' vectors again and writes
// server/catalogue/demo-vectors.bin (format in demo-vectors.ts). Run it after changing how
// demo-catalogue.ts words a film: the texts and their hashes are read back from a throwaway
// database the demo was imported into, exactly as the indexer reads them, and embedded by the
// model the server runs, one worker thread per core.
import fs from 'node:fs';

import { openDatabase } from '../db/client.ts';
import { demoCatalogueLines } from './demo-catalogue.ts';
import { DEMO_VECTORS_FILE, encodeDemoVectors } from './demo-vectors.ts';
import { BACKGROUND_WORKERS, createWorkerPool } from './embeddings.ts';
import { importCatalogue } from './importer.ts';
import { pendingTexts } from './indexer.ts';

const started = Date.now();
const database = await openDatabase({});
await importCatalogue(database.db, demoCatalogueLines());
const texts = await pendingTexts(database.db, 'video', undefined, 1_000_000);
await database.close();

const pool = createWorkerPool({ background: false, size: BACKGROUND_WORKERS });
const byLength = [...texts].sort((a, b) => a.text.length - b.text.length);
const batches: (typeof texts)[] = [];
for (let i = 0; i < byLength.length; i += 32) batches.push(byLength.slice(i, i + 32));
const entries: { hash: string; vector: number[] }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: BACKGROUND_WORKERS }, async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      const vectors = await pool.embed(batch.map((t) => t.text));
      batch.forEach((t, i) => entries.push({ hash: t.hash, vector: vectors[i]! }));
      process.stderr.write(`\r${entries.length}/${texts.length} texts`);
    }
  }),
);
pool.close();
// one vector per text, in hash order, so the same texts always give the same file
const unique = [...new Map(entries.map((e) => [e.hash, e])).values()].sort((a, b) =>
  a.hash.localeCompare(b.hash),
);
const file = encodeDemoVectors(unique);
fs.writeFileSync(DEMO_VECTORS_FILE, file);
process.stderr.write('\n');
console.log(
  `${DEMO_VECTORS_FILE}: ${unique.length} vectors, ${(file.length / 1e6).toFixed(2)} MB, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(0);
