// `npm ci` / `npm install` (the `prepare` script): points git at scripts/git-hooks/ so every
// clone gets the commit-msg check. Does nothing, quietly, where there is no git or no checkout
// of this repository (a CI tarball, an unpacked package): installing must never fail for that.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function git(...args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

let topLevel;
try {
  topLevel = git('rev-parse', '--show-toplevel');
} catch {
  process.exit(0); // no git, or not inside a checkout
}
// a checkout of another repository that merely contains this folder is left alone
if (fs.realpathSync(topLevel) !== fs.realpathSync(root)) process.exit(0);

if (git('config', '--default', '', '--get', 'core.hooksPath') !== 'scripts/git-hooks') {
  git('config', 'core.hooksPath', 'scripts/git-hooks');
}
