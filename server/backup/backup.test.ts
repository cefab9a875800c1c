// A backup of a real DATA_DIR (migrated PGlite database with rows, a stored file, another file)
// restored into an empty DATA_DIR gives the same data: every table's rows, every file's bytes,
// and the stored file read back through the storage module.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../db/client.ts';
import { PID_FILE } from '../db/data-dir-lock.ts';
import { users } from '../db/schema/index.ts';
import { createDiskDriver } from '../storage/disk-driver.ts';
import { createStorage } from '../storage/storage.ts';
import { BackupError, createBackup } from './backup.ts';
import { openPglite } from './database.ts';
import { RestoreError, restoreBackup } from './restore.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-backup-test-'));
const source = path.join(root, 'data');
const archive = path.join(root, 'clipdeck.backup.tgz');
const fileBytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
const outboxFile = 'outbox/0001.json';
let storedHash = '';

/** Every row of every table of the public schema, as JSON text, in a fixed order. */
async function tableContents(dir: string): Promise<Record<string, string[]>> {
  const client: PGlite = await openPglite(path.join(dir, 'pglite'));
  try {
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const contents: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const rows = await client.query<{ j: string }>(
        `select to_jsonb(t)::text as j from public.${quoted} t order by 1`,
      );
      contents[name] = rows.rows.map((r) => r.j);
    }
    return contents;
  } finally {
    await client.close();
  }
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Every file under DATA_DIR but the database, with its bytes. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full).split(path.sep).join('/');
    if (!entry.isFile() || relative.startsWith('pglite/')) continue;
    out[relative] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir: source });
  try {
    await database.db.insert(users).values([
      {
        email: 'ada@backup.dev',
        username: 'ada@backup.dev',
        firstName: 'Ada',
        lastName: 'Lovelace',
        slug: 'ada-lovelace',
        passwordHash: 'not-a-real-hash',
      },
      {
        email: 'grace@backup.dev',
        username: 'grace@backup.dev',
        firstName: 'Grace',
        lastName: 'Hopper',
        slug: 'grace-hopper',
        passwordHash: 'not-a-real-hash',
      },
    ]);
    const storage = createStorage({
      driver: createDiskDriver(path.join(source, 'storage')),
      db: database.db,
      stagingDir: path.join(source, 'staging'),
    });
    storedHash = (await storage.put(fileBytes)).hash;
  } finally {
    await database.close();
  }
  fs.mkdirSync(path.join(source, 'outbox'), { recursive: true });
  fs.writeFileSync(path.join(source, outboxFile), '{"to":"ada@backup.dev"}\n');
}, 240_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// PGlite starts several times per test: generous limits for a loaded machine
describe(
  'backup and restore of the embedded database and stored files',
  { timeout: 240_000 },
  () => {
    it('restoring into an empty DATA_DIR gives the same rows and the same files', async () => {
      const manifest = await createBackup({
        dataDir: source,
        file: archive,
        appVersion: 'test',
        storage: 'disk',
      });
      expect(manifest.database.counts.users).toBe(2);
      expect(manifest.database.counts.storage_blobs).toBe(1);
      expect(manifest.files.map((f) => f.path)).toContain(outboxFile);
      // it holds the JWT secret and password hashes: its maker's alone, like DATA_DIR
      expect(mode(archive)).toBe(0o600);
      expect(mode(source)).toBe(0o700);
      expect(mode(path.join(source, 'pglite'))).toBe(0o700);

      const target = path.join(root, 'restored');
      const report = await restoreBackup({ file: archive, dataDir: target });
      expect(report.movedAside).toBeNull();
      expect(report.pendingMigrations).toBe(0);
      expect(mode(target)).toBe(0o700);
      expect(mode(path.join(target, 'pglite'))).toBe(0o700);

      const [before, after] = [await tableContents(source), await tableContents(target)];
      expect(before.users).toHaveLength(2);
      expect(before.storage_blobs).toHaveLength(1);
      expect(after).toEqual(before);
      const sourceFiles = filesOf(source);
      expect(Object.keys(sourceFiles)).toContain(outboxFile);
      expect(filesOf(target)).toEqual(sourceFiles);

      // the restored DATA_DIR works as the server opens it: migrated, the stored file readable
      const restored = await openDatabase({ dataDir: target });
      try {
        const storage = createStorage({
          driver: createDiskDriver(path.join(target, 'storage')),
          db: restored.db,
          stagingDir: path.join(target, 'staging'),
        });
        expect(Buffer.compare(await storage.readBytes(storedHash), fileBytes)).toBe(0);
        const names = (await restored.db.select().from(users)).map((u) => u.email).sort();
        expect(names).toEqual(['ada@backup.dev', 'grace@backup.dev']);
      } finally {
        await restored.close();
      }
    });

    it('refuses a DATA_DIR that is not empty, and a damaged archive, writing nothing', async () => {
      const busy = path.join(root, 'busy');
      fs.mkdirSync(busy);
      fs.writeFileSync(path.join(busy, 'keep.txt'), 'mine');
      await expect(restoreBackup({ file: archive, dataDir: busy })).rejects.toThrow(RestoreError);
      expect(fs.readdirSync(busy)).toEqual(['keep.txt']);

      const damaged = path.join(root, 'damaged.tgz');
      const bytes = fs.readFileSync(archive);
      const middle = Math.floor(bytes.length / 2);
      bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
      fs.writeFileSync(damaged, bytes);
      const empty = path.join(root, 'empty');
      await expect(restoreBackup({ file: damaged, dataDir: empty })).rejects.toThrow(RestoreError);
      expect(fs.existsSync(empty) ? fs.readdirSync(empty) : []).toEqual([]);
    });

    it('refuses while another live process has the database open, not after it ended', async () => {
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
      const pidFile = path.join(source, PID_FILE);
      try {
        fs.writeFileSync(pidFile, String(other.pid));
        const again = path.join(root, 'again.tgz');
        await expect(
          createBackup({ dataDir: source, file: again, appVersion: 'test', storage: 'disk' }),
        ).rejects.toThrow(BackupError);
        expect(fs.existsSync(again)).toBe(false);
        await expect(
          restoreBackup({ file: archive, dataDir: source, force: true }),
        ).rejects.toThrow(RestoreError);
      } finally {
        const ended = new Promise((resolve) => other.once('exit', resolve));
        other.kill();
        await ended;
      }
      // the process is gone: its leftover file no longer blocks (and is not archived)
      const manifest = await createBackup({
        dataDir: source,
        file: path.join(root, 'after.tgz'),
        appVersion: 'test',
        storage: 'disk',
      });
      expect(manifest.files.map((f) => f.path)).not.toContain(PID_FILE);
      fs.rmSync(pidFile);
    });
  },
);
