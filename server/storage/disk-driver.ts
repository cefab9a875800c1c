// The default driver: objects are files under DATA_DIR/storage. Writes land by rename, so a
// reader never sees half a file; reads are file streams with an optional byte range. Folders
// are 0700 and objects 0600: only the server's user reads them (server/lib/private-dir.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir } from '../lib/private-dir.ts';
import { BlobMissing, checkKey, type BlobDriver, type ByteRange } from './driver.ts';

export function createDiskDriver(root: string): BlobDriver {
  const fullPath = (key: string) => path.join(root, checkKey(key));

  async function* walk(dir: string): AsyncGenerator<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.includes('.tmp-')) yield full;
    }
  }

  return {
    kind: 'disk',
    ready() {
      privateDir(root);
      return Promise.resolve();
    },
    async write(key, filePath) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.promises.chmod(filePath, PRIVATE_FILE_MODE);
      try {
        await fs.promises.rename(filePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${target}.tmp-${process.pid}-${Date.now()}`;
        await fs.promises.copyFile(filePath, partial);
        await fs.promises.rename(partial, target);
      }
    },
    async read(key, range?: ByteRange): Promise<Readable> {
      const file = fullPath(key);
      const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new BlobMissing(key);
        throw error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      const stat = await fs.promises.stat(fullPath(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, modifiedAt: stat.mtime } : null;
    },
    async remove(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
    async *list(prefix) {
      const trimmed = prefix.replace(/\/$/, '');
      const base = trimmed ? fullPath(trimmed) : root;
      for await (const file of walk(base)) {
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    },
  };
}
