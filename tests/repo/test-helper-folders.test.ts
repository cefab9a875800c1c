// Test helpers live in folders named `testing/` (docs/testing.md#where-test-helpers-go-testing):
// one name, so a reader finds them and a glob can tell them apart from the product's code.
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { walkDirs, walkFiles } from './walk.ts';

/** Folder names that mean "test helpers" in other codebases; ours say `testing/`. */
const OTHER_HELPER_FOLDERS = new Set([
  'test',
  '__tests__',
  'test-utils',
  'test-helpers',
  'testutils',
  'helpers',
  'support',
  'fixtures',
  '__fixtures__',
  'mocks',
  '__mocks__',
  'spec',
]);
/** A helper file named as one, outside a `testing/` folder. */
const HELPER_FILE = /^test-(utils|helpers|fixtures|server)\.|^(fixtures|test-utils)\.[a-z]+$/;

const AREAS = ['src', 'server', 'sw', 'scripts', 'tests'];

describe('test helper folders', () => {
  it('are all named testing/', () => {
    const dirs = walkDirs(AREAS);
    expect(dirs.length).toBeGreaterThan(50);
    expect(dirs.filter((dir) => OTHER_HELPER_FOLDERS.has(path.posix.basename(dir)))).toEqual([]);
  });

  it('hold the helper files: none is named like one outside them', () => {
    const strays = walkFiles(AREAS).filter(
      (file) => HELPER_FILE.test(path.posix.basename(file)) && !file.includes('/testing/'),
    );
    expect(strays).toEqual([]);
  });
});
