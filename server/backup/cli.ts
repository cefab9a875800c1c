// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (see backup.ts, restore.ts
// and docs/operations.md#backups). Read DATA_DIR, DATABASE_URL and the S3 settings like the server.
// With DATABASE_URL set the data is in PostgreSQL: these commands say to use pg_dump and
// pg_restore (docs/operations.md#backups shows how) and stop.
import fs from 'node:fs';
import path from 'node:path';

import { loadEnv } from '../env.ts';
import { s3Settings } from '../storage/s3-config.ts';
import { BackupError, createBackup } from './backup.ts';
import { RestoreError, restoreBackup } from './restore.ts';

const [command, file, ...rest] = process.argv.slice(2);
const usage = 'usage: npm run backup -- FILE   |   npm run restore -- FILE [--force]';

function appVersion() {
  const pkg = path.resolve(import.meta.dirname, '../../package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

async function main(): Promise<number> {
  if (
    (command !== 'backup' && command !== 'restore') ||
    !file ||
    rest.some((a) => a !== '--force')
  ) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump and restore it with ' +
        'pg_restore (docs/operations.md, "Backups"); copy DATA_DIR\'s files (or keep the S3 bucket) beside it.',
    );
    return 2;
  }
  const s3 = s3Settings(env);
  if (command === 'backup') {
    const target = path.resolve(file);
    const manifest = await createBackup({
      dataDir: env.dataDir,
      file: target,
      appVersion: appVersion(),
      storage: s3 ? 's3' : 'disk',
    });
    const rows = Object.values(manifest.database.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up ${env.dataDir} to ${target}: database at migration ${manifest.database.migration.last ?? 'none'} ` +
        `(${rows} rows in ${Object.keys(manifest.database.counts).length} tables), ${manifest.files.length} files, ` +
        `${fs.statSync(target).size} bytes.`,
    );
    if (s3)
      console.log(
        `Stored files are in the S3 bucket ${s3.bucket} and are not in the archive: keep the bucket.`,
      );
    return 0;
  }
  const report = await restoreBackup({
    file,
    dataDir: env.dataDir,
    force: rest.includes('--force'),
  });
  if (report.movedAside) console.log(`What was in ${env.dataDir} is now in ${report.movedAside}.`);
  console.log(
    `Restored ${file} (made ${report.manifest.createdAt} by Clipdeck ${report.manifest.appVersion}) into ${env.dataDir}: ` +
      `database at migration ${report.manifest.database.migration.last ?? 'none'}, ${report.manifest.files.length} files.` +
      (report.pendingMigrations > 0
        ? ` The server applies ${report.pendingMigrations} newer migration(s) when it starts.`
        : ''),
  );
  if (report.manifest.storage === 's3')
    console.log(
      'This backup was made with S3 storage: the stored files are in the bucket, not in the archive.',
    );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof RestoreError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
