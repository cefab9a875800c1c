// Which process has the embedded database open. PGlite keeps no lock of its own, and two processes
// writing one data directory corrupt it, so a process that opens PGlite on DATA_DIR notes its id in
// DATA_DIR/pglite.pid (markDataDirInUse: server/db/client.ts is where the server opens it), and
// backup and restore refuse to touch a directory whose process is still alive. A DATA_DIR without
// the mark cannot be told apart from a stopped one: docs/operations.md#backups says to stop the
// server first. A crash leaves the file behind; a process id that no longer runs counts as free.
import fs from 'node:fs';
import path from 'node:path';

export const PID_FILE = 'pglite.pid';

/** Notes this process as the database's user; returns the release (on close). */
export function markDataDirInUse(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  const mine = String(process.pid);
  try {
    fs.writeFileSync(file, mine);
  } catch {
    return () => undefined;
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
    } catch {
      // already gone
    }
  };
}

/** The id of another live process that has DATA_DIR's database open, or null. */
export function dataDirUser(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, under another user
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
