// The commit-msg hook: a subject over 72 characters is refused, in a real git repository with
// the hook installed the way `npm ci` installs it (scripts/install-git-hooks.mjs, the `prepare`
// script), and installing does nothing where there is no git checkout (a CI tarball).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { commitMessageProblem } from '../../scripts/git-hooks/commit-msg.mjs';
import { ROOT } from './walk.ts';

const subject = (length: number) => 'S'.repeat(length);

/** git without the GIT_* variables of any git process that runs these tests (a hook). */
const gitEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
);

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a copy of the installer and the hooks, as a fresh clone has them. */
function checkoutCopy(withGit: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-hooks-'));
  temps.push(dir);
  fs.cpSync(path.join(ROOT, 'scripts', 'git-hooks'), path.join(dir, 'scripts', 'git-hooks'), {
    recursive: true,
  });
  fs.copyFileSync(
    path.join(ROOT, 'scripts', 'install-git-hooks.mjs'),
    path.join(dir, 'scripts', 'install-git-hooks.mjs'),
  );
  if (withGit) execFileSync('git', ['init', '-q', dir], { env: gitEnv });
  return dir;
}

function run(cwd: string, command: string, args: string[]) {
  return spawnSync(command, args, { cwd, env: gitEnv, encoding: 'utf8' });
}

function commit(dir: string, message: string) {
  return run(dir, 'git', [
    '-c',
    'user.name=Test',
    '-c',
    'user.email=test@clipdeck.dev',
    'commit',
    '--allow-empty',
    '-q',
    '-m',
    message,
  ]);
}

describe('commit subjects', () => {
  it('accepts 72 characters and refuses 73, naming the length', () => {
    expect(
      commitMessageProblem(`${subject(72)}\n\nA body line may be as long as it needs.`),
    ).toBeNull();
    expect(commitMessageProblem(subject(73))).toContain('73 characters; keep it to 72');
  });

  it('counts characters, not bytes, and skips comments and blank lines', () => {
    expect(commitMessageProblem('é'.repeat(72))).toBeNull();
    expect(commitMessageProblem(`# ${subject(90)}\n\n${subject(72)}\n`)).toBeNull();
    expect(commitMessageProblem(`\n# comment\n${subject(80)}\n`)).toContain('80 characters');
  });

  it('is enforced by git once installed, in a checkout', () => {
    const dir = checkoutCopy(true);
    expect(run(dir, process.execPath, ['scripts/install-git-hooks.mjs']).status).toBe(0);
    expect(run(dir, 'git', ['config', '--get', 'core.hooksPath']).stdout.trim()).toBe(
      'scripts/git-hooks',
    );

    const refused = commit(dir, `${subject(73)}\n\nwhy`);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('73 characters');
    expect(commit(dir, `${subject(72)}\n\nwhy`).status).toBe(0);
    expect(run(dir, 'git', ['log', '--format=%s']).stdout.trim()).toBe(subject(72));
  });

  it('installs nothing and does not fail where there is no git checkout', () => {
    const dir = checkoutCopy(false);
    const result = run(dir, process.execPath, ['scripts/install-git-hooks.mjs']);
    expect(result.status).toBe(0);
    expect(fs.existsSync(path.join(dir, '.git'))).toBe(false);
  });
});
