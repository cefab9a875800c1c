// `npm run catalogue:import -- FILE [FILE…]`: loads JSON Lines catalogues into the database
// the server uses (DATA_DIR's PGlite, or DATABASE_URL). Progress goes to stderr while it
// runs; bad lines are listed with their line numbers; a summary ends the run. The exit code
// is 0 when every line was imported, 2 when some were skipped, 1 when the run failed. A
// running server picks the new texts up for semantic search within a minute.
import fs from 'node:fs';
import readline from 'node:readline';

import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { importCatalogue } from './importer.ts';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (!files.length) {
  process.stderr.write('Usage: npm run catalogue:import -- FILE.jsonl [FILE.jsonl …]\n');
  process.exit(1);
}

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
let skippedAny = false;
try {
  for (const file of files) {
    if (!fs.existsSync(file)) {
      process.stderr.write(`${file}: no such file\n`);
      process.exitCode = 1;
      continue;
    }
    const input = readline.createInterface({
      input: fs.createReadStream(file, 'utf8'),
      crlfDelay: Infinity,
    });
    const summary = await importCatalogue(database.db, input, {
      onProgress: (p) =>
        process.stderr.write(
          `\r${file}: line ${p.line}, ${p.videos} videos, ${p.clips} clips, ${p.skipped} skipped`,
        ),
    });
    process.stderr.write('\n');
    for (const problem of summary.skipped) {
      process.stderr.write(`${file}:${problem.line}: skipped: ${problem.error}\n`);
    }
    skippedAny ||= summary.skipped.length > 0;
    process.stdout.write(
      `${file}: ${summary.videos} videos and ${summary.clips} clips imported from ${summary.lines} lines, ` +
        `${summary.skipped.length} skipped, in ${(summary.ms / 1000).toFixed(1)} s\n`,
    );
  }
} finally {
  await database.close();
}
if (skippedAny && !process.exitCode) process.exitCode = 2;
