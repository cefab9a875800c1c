// The API server as one ES module, `server/.build/index.mjs` (esbuild; packages stay in
// node_modules). `npm start` and the browser tests run it with plain Node, which loads one module
// much sooner than tsx loads the sources one by one through its loader
// (docs/performance/2026-11-27.md). `npm run dev` and the unit tests still run the sources. The
// bundle sits one folder below server/, as the sources do, so the files the server reads beside its
// code (server/lib/server-dir.ts) are found from either.
//
// `node scripts/build-server.mjs` builds it; `ensureServerBundle()` builds it when it is missing
// or older than a file under server/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'server');
export const SERVER_BUNDLE = path.join(serverDir, '.build', 'index.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.build') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export async function buildServer() {
  const started = Date.now();
  const { outputFiles } = await build({
    entryPoints: [path.join(serverDir, 'index.ts')],
    outfile: SERVER_BUNDLE,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // the map first, each written beside and renamed: a server starting meanwhile never reads
  // half a file
  for (const file of outputFiles.sort((a, b) => Number(a.path === SERVER_BUNDLE) - Number(b.path === SERVER_BUNDLE))) {
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
  return Date.now() - started;
}

/** Builds the bundle unless it is newer than every file under server/. */
export async function ensureServerBundle() {
  let built = 0;
  try {
    built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  } catch {
    // not built yet
  }
  if (built > newestSource(serverDir)) return false;
  await buildServer();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server bundle: ${path.relative(root, SERVER_BUNDLE)} (${ms} ms)`);
}
