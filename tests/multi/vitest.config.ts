import path from 'node:path';

import { defineConfig } from 'vitest/config';

// `npm run test:multi`: two real server processes on a throwaway PostgreSQL cluster. Kept out
// of `npm test` (the root config's projects do not include tests/multi) and of the browser run.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'multi',
    environment: 'node',
    include: ['tests/multi/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    retry: 0,
  },
});
