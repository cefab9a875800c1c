// The order the browser test files start in. Two run at a time, so the run ends when the
// slowest worker's files are done: the longest files must start first, or one of them starts
// last and runs alone at the end. Vitest orders by its results cache, which a fresh clone (CI)
// does not have; without it, it puts the larger files first, and the a11y runs, among the
// longest, are the smallest files (their pages are listed in a11y-pages.ts). So the order comes
// from this table: each file's seconds in a full run (2 workers, `npm run test:e2e`, a shared
// 2-core machine), refreshed when they move a lot.
// A file missing from it counts as DEFAULT_SECONDS.
import path from 'node:path';

import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = {
  'a11y.test.ts': 138,
  'shell.test.ts': 135,
  'public-pages.test.ts': 104,
  'sync-resilience.test.ts': 99,
  'a11y-public.test.ts': 81,
  'shop.test.ts': 72,
  'invoices.test.ts': 67,
  'palette.test.ts': 66,
  'keyboard.test.ts': 64,
  'calendar-offline.test.ts': 60,
  'mail-chat.test.ts': 55,
  'chaos.test.ts': 53,
  'kanban-offline.test.ts': 50,
  'user-admin.test.ts': 50,
  'blog.test.ts': 46,
  'catalogue.test.ts': 41,
  'files.test.ts': 37,
  'security.test.ts': 31,
  'background-sync.test.ts': 30,
  'booking.test.ts': 30,
  'accounts.test.ts': 29,
};
const DEFAULT_SECONDS = 60;

const seconds = (spec: TestSpecification) =>
  SECONDS[path.basename(spec.moduleId)] ?? DEFAULT_SECONDS;

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => seconds(b) - seconds(a)));
  }
}
