// Only the server's user may enter DATA_DIR or read what the server writes there: DATA_DIR and
// every folder made in it are 0700 (one left 0755 by an older version is narrowed), the JWT
// secret and every stored or staged file 0600. (Backups and restores: server/backup.)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveJwtSecret } from '../auth/tokens.ts';
import { openDatabase } from '../db/client.ts';
import { tusCreate, tusUpload } from '../files/testing/uploads.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { privateDir } from './private-dir.ts';

const mode = (file: string) => fs.statSync(file).mode & 0o777;
const fresh = () => path.join(os.tmpdir(), `clipdeck-modes-${crypto.randomUUID()}`, 'data');

describe('DATA_DIR', () => {
  it('is made 0700 with the JWT secret 0600 in it', () => {
    const dataDir = fresh();
    resolveJwtSecret(undefined, dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('is narrowed to 0700, with the database in it, when an older version left them open', async () => {
    const dataDir = fresh();
    for (const dir of [dataDir, path.join(dataDir, 'pglite')]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.chmodSync(dir, 0o755);
    }
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'pglite'))).toBe(0o700);

    // what the server does first at start, whatever the database
    fs.chmodSync(dataDir, 0o755);
    privateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
  }, 120_000);
});

describe('what the server stores under DATA_DIR', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ DATA_DIR: fresh() });
  });
  afterAll(() => t.close());

  it('is in 0700 folders, each file 0600', async () => {
    const alice = await t.createUser();
    await tusUpload(t.app, alice.auth, 'a.txt', 'text/plain', Buffer.from('stored'));
    await t.app.request('/api/files/content?name=b.txt', {
      method: 'PUT',
      headers: { ...alice.auth, 'Content-Type': 'text/plain', 'Content-Length': '5' },
      body: 'plain',
    });
    // one upload left unfinished, its bytes waiting in DATA_DIR/uploads
    await tusCreate(t.app, alice.auth, { filename: 'c.txt', filetype: 'text/plain' }, 9);

    const dataDir = t.env.dataDir;
    expect(mode(dataDir)).toBe(0o700);
    const folders: string[] = [];
    const files: string[] = [];
    for (const entry of fs.readdirSync(path.join(dataDir, 'storage'), {
      recursive: true,
      withFileTypes: true,
    })) {
      (entry.isDirectory() ? folders : files).push(path.join(entry.parentPath, entry.name));
    }
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const dir of [
      ...folders,
      path.join(dataDir, 'storage'),
      path.join(dataDir, 'staging'),
      path.join(dataDir, 'uploads'),
    ])
      expect(mode(dir), dir).toBe(0o700);
    for (const file of files) expect(mode(file), file).toBe(0o600);
  });
});
