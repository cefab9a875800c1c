import { defineConfig } from 'vitest/config';

// Browser tests: real server processes and Debian's Chromium. One file at a time (they start
// servers and browsers), generous timeouts, kept out of `npm test`.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
