// DATA_DIR holds the JWT secret, the database with its password hashes, and every user's
// files: only the server's own user may enter it. The folders the server makes there are
// 0700 and the files it writes 0600, whatever the process umask, and DATA_DIR itself is
// narrowed to 0700 at start (an older version left it 0755).
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and any missing parent) 0700, and narrows it to 0700 if it was wider. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
  } catch {
    // a folder this user does not own (a mounted volume): its owner decides
  }
}
