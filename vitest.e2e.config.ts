import path from 'node:path';

import { defineConfig } from 'vitest/config';

import LongestFirst from './tests/e2e/sequencer.ts';

// Browser tests: real server processes and Debian's Chromium, generous timeouts, kept out of
// `npm test`.
export default defineConfig({
  // the chaos run imports the page's sync code, which resolves `@/` like the app
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Two files at a time, one per core: each has its own server (port, DATA_DIR) and browser
    // profiles. A run keeps both cores busy, so more at once would only slow each file down.
    fileParallelism: true,
    maxWorkers: 2,
    // the longest files first, from a table: a fresh clone has no results cache to order by
    sequence: { sequencer: LongestFirst },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
