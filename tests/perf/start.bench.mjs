// Time from `npm start` to the first answer, on a fresh DATA_DIR (first start: build if
// needed, migrate, seed the demo) and then again on the same DATA_DIR (a restart).
// Run: node tests/perf/start.bench.mjs [--rebuild]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
if (process.argv.includes('--rebuild'))
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-start-'));
const port = 18000 + Math.floor(Math.random() * 1000);

async function run(label) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  let first = null;
  while (performance.now() - started < 600_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/auth/login`);
      if (res.ok) {
        first = performance.now() - started;
        break;
      }
    } catch {
      // not yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `${label}: first response after ${first === null ? 'FAILED' : `${(first / 1000).toFixed(1)} s`}`,
  );
  if (first === null) console.log(log.slice(-2000));
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

await run('first start (fresh DATA_DIR)');
await run('restart (same DATA_DIR)');
fs.rmSync(dataDir, { recursive: true, force: true });
