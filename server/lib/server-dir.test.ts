// The files the server reads beside its code, found from SERVER_DIR both from the sources and
// from the bundle (which sits at the same depth, in server/.build/).
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { migrationsFolder } from '../db/client.ts';
import { SERVER_DIR } from './server-dir.ts';

describe('SERVER_DIR', () => {
  it('is the server folder, and what is read beside the code is there', () => {
    expect(path.basename(SERVER_DIR)).toBe('server');
    expect(fs.existsSync(path.join(SERVER_DIR, 'index.ts'))).toBe(true);
    expect(fs.existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))).toBe(true);
    expect(fs.existsSync(path.join(SERVER_DIR, 'catalogue', 'embedding-worker.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(SERVER_DIR, '..', 'src', 'locales', 'ar', 'blog.json'))).toBe(true);
  });
});
