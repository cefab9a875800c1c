// `npm run backup -- FILE`: the embedded database and DATA_DIR's files in one gzipped tar with
// a manifest (server/backup/manifest.ts). The server must be stopped: PGlite is a single-process
// database, so the backup refuses while a live process has marked it open (server/db/data-dir-lock.ts).
// What is in the archive:
// - the database as PGlite's data-directory dump, as it was (not migrated);
// - every other file under DATA_DIR (stored files under storage/, mail attachments, the mail
//   outbox, resumable uploads, the generated JWT secret), except staging/ (temporary files);
//   with the S3 driver the stored files live in the bucket and are not copied (the manifest
//   says `storage: 's3'`).
// The archive is written beside FILE and renamed into place once complete; it holds the JWT
// secret and the password hashes, so it is created 0600 (readable by its maker only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import * as tar from 'tar';

import { dataDirUser, PID_FILE } from '../db/data-dir-lock.ts';
import { PRIVATE_FILE_MODE } from '../lib/private-dir.ts';
import { migrationLevel, openPglite, rowCounts } from './database.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  bytesDigest,
  DATABASE_ENTRY,
  fileDigest,
  FILES_PREFIX,
  MANIFEST_NAME,
  type Manifest,
  type ManifestEntry,
} from './manifest.ts';

export class BackupError extends Error {}

/** DATA_DIR entries that are not backed up: the database (dumped instead), temporary files. */
const SKIPPED = new Set(['pglite', 'staging', PID_FILE]);

export interface BackupOptions {
  dataDir: string;
  file: string;
  appVersion: string;
  storage: 'disk' | 's3';
}

async function listFiles(dataDir: string): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  async function walk(dir: string, prefix: string) {
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${item.name}` : item.name;
      if (!prefix && SKIPPED.has(item.name)) continue;
      const full = path.join(dir, item.name);
      if (item.isDirectory()) await walk(full, relative);
      else if (item.isFile()) entries.push({ path: relative, ...(await fileDigest(full)) });
    }
  }
  await walk(dataDir, '');
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const { dataDir, file } = options;
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${dataDir} (DATA_DIR): nothing to back up.`);
  const user = dataDirUser(dataDir);
  if (user !== null)
    throw new BackupError(
      `The server (process ${user}) has the database in ${dataDir} open: stop it, then back up.`,
    );

  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-backup-'));
  try {
    const client = await openPglite(pgliteDir);
    let dump: Uint8Array;
    let level;
    let counts;
    try {
      level = await migrationLevel(client);
      counts = await rowCounts(client);
      dump = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    } finally {
      await client.close();
    }
    fs.mkdirSync(path.join(staging, path.dirname(DATABASE_ENTRY)), { recursive: true });
    fs.writeFileSync(path.join(staging, DATABASE_ENTRY), dump);

    const files = await listFiles(dataDir);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: options.appVersion,
      createdAt: new Date().toISOString(),
      database: {
        kind: 'pglite',
        migration: level,
        counts,
        dump: { path: DATABASE_ENTRY, ...bytesDigest(dump) },
      },
      storage: options.storage,
      files,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    // the files are archived from DATA_DIR itself, under files/ (a link in the staging folder)
    fs.symlinkSync(path.resolve(dataDir), path.join(staging, FILES_PREFIX.slice(0, -1)), 'dir');

    const partial = `${file}.partial`;
    fs.rmSync(partial, { force: true });
    await pipeline(
      tar.create({ gzip: true, cwd: staging, portable: true }, [
        MANIFEST_NAME,
        DATABASE_ENTRY,
        ...files.map((f) => `${FILES_PREFIX}${f.path}`),
      ]),
      fs.createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flags: 'wx' }),
    );
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
