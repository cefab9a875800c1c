import path from 'node:path';

import { defineConfig } from 'vitest/config';

// Browser tests: real server processes and Debian's Chromium. One file at a time (they start
// servers and browsers), generous timeouts, kept out of `npm test`.
export default defineConfig({
  // the chaos run imports the page's sync code, which resolves `@/` like the app
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
