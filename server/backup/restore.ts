// `npm run restore -- FILE [--force]`: a backup (backup.ts) back into DATA_DIR. Guarantees:
// - only into an empty (or absent) DATA_DIR; with `force`, what is there is first moved aside
//   to `<DATA_DIR>.before-restore-<time>` (never deleted), and never while a server has it open;
// - nothing lands in DATA_DIR before the whole archive has been checked: it is unpacked into a
//   folder beside DATA_DIR, every file's size and SHA-256 must match the manifest (and no file
//   may be missing or extra), the database is loaded there and its row counts must match too;
// - a backup made by a newer Clipdeck (a migration this code does not know) is refused; an
//   older one is restored as it was and migrated by the server's next start.
import fs from 'node:fs';
import path from 'node:path';

import * as tar from 'tar';

import { dataDirUser } from '../db/data-dir-lock.ts';
import { privateDir } from '../lib/private-dir.ts';
import {
  codeMigrations,
  migrationLevel,
  openPglite,
  rowCounts,
  type MigrationLevel,
} from './database.ts';
import {
  DATABASE_ENTRY,
  fileDigest,
  FILES_PREFIX,
  MANIFEST_NAME,
  manifestSchema,
  type Manifest,
  type ManifestEntry,
} from './manifest.ts';

export class RestoreError extends Error {}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  force?: boolean;
}

export interface RestoreReport {
  manifest: Manifest;
  /** migrations the server will apply on its next start */
  pendingMigrations: number;
  /** where the earlier content of DATA_DIR went (force) */
  movedAside: string | null;
}

function isEmptyDir(dir: string) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function unpack(file: string, into: string) {
  if (!fs.existsSync(file)) throw new RestoreError(`There is no backup at ${file}.`);
  try {
    // only plain files and folders; node-tar already keeps every path inside `into`
    await tar.extract({
      file,
      cwd: into,
      strict: true,
      filter: (_path, entry) =>
        'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    throw new RestoreError(
      `The backup ${file} is damaged or not a backup: ${(error as Error).message}`,
    );
  }
}

function readManifest(folder: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_NAME), 'utf8'));
  } catch {
    throw new RestoreError(
      'The archive has no readable manifest.json: it is not a Clipdeck backup.',
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new RestoreError(
      `The archive's manifest is not a Clipdeck backup manifest: ${parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

async function checkEntry(folder: string, entry: ManifestEntry, name: string) {
  const full = path.join(folder, name);
  if (!fs.existsSync(full)) throw new RestoreError(`The archive lacks ${entry.path}.`);
  const found = await fileDigest(full);
  if (found.size !== entry.size || found.sha256 !== entry.sha256)
    throw new RestoreError(
      `${entry.path} does not match its checksum in the manifest: the archive is damaged.`,
    );
}

function listedFiles(folder: string): string[] {
  const root = path.join(folder, FILES_PREFIX);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}

function checkLevel(level: MigrationLevel): number {
  const known = codeMigrations();
  if (
    level.count > known.length ||
    (level.last !== null && !known.some((m) => m.tag === level.last))
  )
    throw new RestoreError(
      `This backup was made by a newer Clipdeck (database migration ${level.last ?? '?'}, ${level.count} applied); ` +
        `this one knows ${known.length} migrations up to ${known.at(-1)?.tag}. Update Clipdeck, then restore.`,
    );
  return known.length - level.count;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const dataDir = path.resolve(options.dataDir);
  const user = dataDirUser(dataDir);
  if (user !== null)
    throw new RestoreError(
      `The server (process ${user}) has the database in ${dataDir} open: stop it first.`,
    );
  if (!isEmptyDir(dataDir) && !options.force)
    throw new RestoreError(
      `${dataDir} (DATA_DIR) is not empty. Restore into an empty DATA_DIR, or pass --force to move what is there aside first.`,
    );

  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const work = fs.mkdtempSync(
    path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-`),
  );
  try {
    await unpack(options.file, work);
    const manifest = readManifest(work);
    const pendingMigrations = checkLevel(manifest.database.migration);
    await checkEntry(work, manifest.database.dump, DATABASE_ENTRY);
    for (const entry of manifest.files)
      await checkEntry(work, entry, `${FILES_PREFIX}${entry.path}`);
    const listed = new Set(manifest.files.map((f) => f.path));
    const extra = listedFiles(work).filter((p) => !listed.has(p));
    if (extra.length)
      throw new RestoreError(
        `The archive holds files its manifest does not list: ${extra.slice(0, 3).join(', ')}.`,
      );

    // the database, loaded beside DATA_DIR and checked before it moves in
    const pgliteDir = path.join(work, 'pglite');
    const dump = new Blob([fs.readFileSync(path.join(work, DATABASE_ENTRY))]);
    const client = await openPglite(pgliteDir, dump);
    try {
      const level = await migrationLevel(client);
      const counts = await rowCounts(client);
      const expected = manifest.database.counts;
      const sameCounts =
        Object.keys(counts).length === Object.keys(expected).length &&
        Object.entries(counts).every(([table, n]) => expected[table] === n);
      if (level.count !== manifest.database.migration.count || !sameCounts)
        throw new RestoreError(
          'The restored database does not hold what the manifest lists: the archive is damaged.',
        );
    } finally {
      await client.close();
    }

    let movedAside: string | null = null;
    if (!isEmptyDir(dataDir)) {
      movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dataDir, movedAside);
    }
    privateDir(dataDir);
    fs.renameSync(pgliteDir, path.join(dataDir, 'pglite'));
    privateDir(path.join(dataDir, 'pglite'));
    const filesRoot = path.join(work, FILES_PREFIX);
    if (fs.existsSync(filesRoot))
      for (const name of fs.readdirSync(filesRoot))
        fs.renameSync(path.join(filesRoot, name), path.join(dataDir, name));
    return { manifest, pendingMigrations, movedAside };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
