import path from 'node:path';

import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, and
    // the files then run one after another while a core idles. Two keep both busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/perf/**/*.test.ts',
            'tests/repo/**/*.test.ts',
          ],
          exclude: ['server/catalogue/**'],
          // Each file builds its own app and database, and nothing in server/ keeps state at module
          // level that a test could see (docs/operations.md#several-api-processes): the files of
          // one worker share their imports instead of loading the whole server again for every
          // file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The catalogue's files load the embedding model and check in which thread its
          // engine lives (query-embedding.test.ts): a process of their own each.
          name: 'server-catalogue',
          environment: 'node',
          include: ['server/catalogue/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          // Each file in a fresh VM context of a long-lived thread, not a fresh worker: as isolated
          // (module state, globals, the DOM), and the files load Mantine, React and happy-dom from
          // a warm thread instead of from nothing. recharts (a CommonJS package, under
          // @mantine/charts) requires @reduxjs/toolkit, whose `module-sync` export is an ES module
          // a VM context cannot require: without Node's require(esm) the CommonJS build is taken.
          pool: 'vmThreads',
          execArgv: ['--no-experimental-require-module'],
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
