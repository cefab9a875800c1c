// `npm run test:pg`: the API suite against a real PostgreSQL. Starts a throwaway cluster on
// 127.0.0.1 (initdb into a temp directory, its own port, owned by this run), points
// TEST_DATABASE_URL at it (each test file creates and drops its own database), runs the
// server test project (three files at a time: much of each file's time is spent waiting on
// PostgreSQL's own processes), then stops the cluster and deletes it. Debian's PostgreSQL has no
// pgvector here, so the vector tests report themselves skipped with that reason.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findBin(name) {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', name)));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin', name);
  }
  const which = spawnSync('which', [name], { encoding: 'utf8' });
  if (which.status === 0) return which.stdout.trim();
  console.error(`PostgreSQL's ${name} was not found. Install it: apt-get install -y postgresql`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root: run its programs as the `postgres` user then.
function asOwner(bin, args, options = {}) {
  const cmd = isRoot ? 'runuser' : bin;
  const fullArgs = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(cmd, fullArgs, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    console.error(`${bin} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
    return false;
  }
  return true;
}

const initdb = findBin('initdb');
const pgCtl = findBin('pg_ctl');
const port = await freePort();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-pg-'));
const dataDir = path.join(dir, 'data');
if (isRoot) {
  fs.chmodSync(dir, 0o777);
  spawnSync('chown', ['postgres:postgres', dir]);
}

let code = 1;
let started = false;
try {
  if (!asOwner(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions'])) throw new Error('initdb failed');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  if (!asOwner(pgCtl, ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start'])) throw new Error('pg_ctl start failed');
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL started on 127.0.0.1:${port} (${dataDir})`);
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', '--project', 'server-catalogue', '--maxWorkers', '3', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } },
  );
  code = run.status ?? 1;
} catch (error) {
  console.error(String(error));
  code = 1;
} finally {
  if (started) asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
