import path from 'node:path';

import { defineConfig } from 'vitest/config';

// `npm run test:live-chaos`: several clients on one shared board and calendar against the real
// server process (the bundle `npm start` runs). Kept out of `npm test`.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'live-chaos',
    environment: 'node',
    include: ['tests/live/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 1_800_000,
    hookTimeout: 240_000,
    retry: 0,
  },
});
