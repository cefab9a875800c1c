import { defineConfig } from 'vitest/config';

// The API fuzz run (npm run test:fuzz): one PGlite app, every documented call, a fixed seed
// (FUZZ_SEED) and a bounded number of runs per call (FUZZ_RUNS). Kept out of `npm test`.
export default defineConfig({
  test: {
    name: 'fuzz',
    environment: 'node',
    include: ['tests/fuzz/**/*.fuzz.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
