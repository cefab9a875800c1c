// `npm start`: build the PWA when dist/ is missing or older than its sources, and the server's
// bundle when it is older than server/, then run the server (which migrates the database and
// seeds the demo data on first start).
// START_BUILD=never serves STATIC_DIR as it is (the audit measures the build it made).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ensureServerBundle, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const built = (() => {
  try {
    return fs.statSync(path.join(staticDir, 'index.html')).mtimeMs;
  } catch {
    return 0;
  }
})();
const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));

if (built < sources && process.env.START_BUILD !== 'never') {
  console.log(built ? 'The PWA sources changed since the last build: building…' : 'Building the PWA (first start)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', staticDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// the server from its bundle (scripts/build-server.mjs), made again when a source is newer
if (await ensureServerBundle()) console.log('Built the server bundle.');
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
