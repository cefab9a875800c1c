import fs from 'node:fs';
import path from 'node:path';

import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';

import { firstLoadFiles } from './first-load.ts';
import { DASHBOARD_REDIRECTS, dashboardPaths, FIRST_LOAD_ROUTES } from './routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the first-load table (tests/perf/routes.ts)', () => {
  it('lists only modules that exist', () => {
    const missing = FIRST_LOAD_ROUTES.flatMap((r) =>
      r.modules.filter((m) => !fs.existsSync(path.join(ROOT, m))),
    );
    expect(missing).toEqual([]);
  });

  it('gives every dashboard path of src/config/paths.ts a budget, or a redirect to one', () => {
    const budgeted = new Set(FIRST_LOAD_ROUTES.map((r) => r.route));
    const uncovered = dashboardPaths().filter(
      (p) => !budgeted.has(p) && !budgeted.has(DASHBOARD_REDIRECTS[p] ?? ''),
    );
    expect(uncovered).toEqual([]);
  });

  it('lists each route once, and only routes of src/config/paths.ts', () => {
    const routes = FIRST_LOAD_ROUTES.map((r) => r.route);
    expect(new Set(routes).size).toBe(routes.length);
    const known = new Set([...dashboardPaths(), '/auth/login']);
    expect(routes.filter((r) => !known.has(r))).toEqual([]);
  });
});

describe('firstLoadFiles', () => {
  // index.html imports the runtime; the page imports a shared chunk and loads a dialog lazily; a
  // codeSplitting group is known by its name only
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_runtime.js'],
      css: ['assets/index.css'],
      dynamicImports: ['src/page.tsx'],
    },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/page.tsx': {
      file: 'assets/page.js',
      src: 'src/page.tsx',
      isDynamicEntry: true,
      imports: ['_shared.js', 'index.html'],
      dynamicImports: ['src/dialog.tsx'],
    },
    '_shared.js': {
      file: 'assets/shared.js',
      css: ['assets/shared.css'],
      imports: ['_runtime.js'],
    },
    'src/dialog.tsx': { file: 'assets/dialog.js', src: 'src/dialog.tsx', isDynamicEntry: true },
    '_home.js': { file: 'assets/home.js', name: 'home', imports: ['_shared.js'] },
    '_home.css': { file: 'assets/home.css', src: '_home.css', name: 'home' },
  };

  it('is the entry and its static imports when the route lists nothing', () => {
    expect(firstLoadFiles(manifest, { route: '/a', modules: [], chunks: [] })).toEqual({
      js: ['assets/index.js', 'assets/runtime.js'],
      css: ['assets/index.css'],
    });
  });

  it("adds each listed module's static imports and CSS, not what it loads later", () => {
    expect(
      firstLoadFiles(manifest, { route: '/b', modules: ['src/page.tsx'], chunks: [] }),
    ).toEqual({
      js: ['assets/index.js', 'assets/page.js', 'assets/runtime.js', 'assets/shared.js'],
      css: ['assets/index.css', 'assets/shared.css'],
    });
  });

  it('finds a grouped chunk by its name', () => {
    expect(firstLoadFiles(manifest, { route: '/c', modules: [], chunks: ['home'] }).js).toEqual([
      'assets/home.js',
      'assets/index.js',
      'assets/runtime.js',
      'assets/shared.js',
    ]);
  });

  it('refuses a module or chunk the build does not have, naming it', () => {
    expect(() =>
      firstLoadFiles(manifest, { route: '/d', modules: ['src/gone.tsx'], chunks: [] }),
    ).toThrow(/src\/gone\.tsx/);
    expect(() => firstLoadFiles(manifest, { route: '/e', modules: [], chunks: ['frame'] })).toThrow(
      /"frame"/,
    );
  });
});
