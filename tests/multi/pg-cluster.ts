// A throwaway PostgreSQL cluster for the two-process run and the load bench, the way
// `npm run test:pg` starts one (scripts/test-pg.mjs): Debian's initdb into a temp directory,
// its own port on 127.0.0.1, fsync off (nothing here must survive the cluster), stopped and
// deleted by `stop()`. As root, PostgreSQL's programs run as the `postgres` user.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { freePort } from '../e2e/support.ts';

export interface PgCluster {
  /** postgres:// URL of the maintenance database `postgres` */
  url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => void;
}

/** The path of one of PostgreSQL's programs (newest installed version), or null. */
export function findPgBin(name: string): string | null {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin', name);
  }
  const which = spawnSync('which', [name], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** Why the cluster cannot be started here (missing programs), or null when it can. */
export function pgUnavailable(): string | null {
  const missing = ['initdb', 'pg_ctl'].filter((n) => !findPgBin(n));
  return missing.length
    ? `PostgreSQL's ${missing.join(' and ')} not found; install it with: apt-get install -y postgresql`
    : null;
}

const isRoot = process.getuid?.() === 0;

function asOwner(bin: string, args: string[]) {
  const cmd = isRoot ? 'runuser' : bin;
  const fullArgs = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(cmd, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
}

export async function startPgCluster(
  options: { maxConnections?: number } = {},
): Promise<PgCluster> {
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error(pgUnavailable() ?? 'PostgreSQL not found');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-multi-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot) {
    fs.chmodSync(dir, 0o777);
    spawnSync('chown', ['postgres:postgres', dir]);
  }
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        asOwner(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.error(String(error));
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    asOwner(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    const opts = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      `-c max_connections=${options.maxConnections ?? 100}`,
    ].join(' ');
    asOwner(pgCtl, ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}
