// The repository's own files, for tests about the repository itself. Walks the folders a change
// can touch, not git's index, so it also works on a CI tarball without .git.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Folders never walked: installed packages, build output, local data, generated migrations. */
const SKIPPED = new Set(['node_modules', 'dist', '.build', 'data', '.tmp', '.git', 'coverage']);

/** Every file under `dirs` (relative to the repository root), as root-relative POSIX paths. */
export function walkFiles(dirs: readonly string[]): string[] {
  const found: string[] = [];
  const visit = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) return;
    const stat = fs.statSync(abs);
    if (stat.isFile()) {
      found.push(rel.split(path.sep).join('/'));
      return;
    }
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      visit(path.join(rel, entry.name));
    }
  };
  dirs.forEach(visit);
  return found.sort();
}

/** Every folder under `dirs`, as root-relative POSIX paths. */
export function walkDirs(dirs: readonly string[]): string[] {
  const found: string[] = [];
  const visit = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) return;
    found.push(rel.split(path.sep).join('/'));
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) visit(path.join(rel, entry.name));
    }
  };
  dirs.forEach(visit);
  return found.sort();
}
