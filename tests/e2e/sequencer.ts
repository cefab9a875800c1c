// The order the browser test files start in. Two run at a time, so the run ends when the
// slowest worker's files are done: the longest files must start first, or one of them starts
// last and runs alone at the end. Vitest orders by its results cache, which a fresh clone (CI)
// does not have; without it, it puts the larger files first, and the a11y runs, among the
// longest, are the smallest files (their pages are listed in a11y-pages.ts). So the order comes
// from this table: each file's seconds in a CI run (2 workers), refreshed when they move a lot.
// A file missing from it counts as DEFAULT_SECONDS.
import path from 'node:path';

import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = {
  'public-pages.test.ts': 233,
  'shell.test.ts': 182,
  'a11y.test.ts': 161,
  'sync-resilience.test.ts': 125,
  'a11y-public.test.ts': 116,
  'chaos.test.ts': 105,
  'blog.test.ts': 96,
  'catalogue.test.ts': 77,
  'keyboard.test.ts': 72,
  'mail-chat.test.ts': 65,
  'shop.test.ts': 64,
  'files.test.ts': 63,
  'invoices.test.ts': 60,
  'calendar-offline.test.ts': 53,
  'kanban-offline.test.ts': 49,
  'user-admin.test.ts': 46,
  'palette.test.ts': 45,
  'accounts.test.ts': 34,
  'background-sync.test.ts': 30,
  'booking.test.ts': 30,
  'security.test.ts': 25,
};
const DEFAULT_SECONDS = 60;

const seconds = (spec: TestSpecification) =>
  SECONDS[path.basename(spec.moduleId)] ?? DEFAULT_SECONDS;

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => seconds(b) - seconds(a)));
  }
}
