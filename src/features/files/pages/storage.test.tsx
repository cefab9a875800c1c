// The storage overview's bar chart follows the bar-width rule every chart follows
// (src/components/ui/chart-bar-width.ts): a bar is 28% of its category's width, 32% on medium
// screens, 40% on small ones. The chart is laid out for a 720 × 240 box (happy-dom has no
// layout) and each drawn bar is measured against the distance between two categories.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import type { StorageOverview } from '../../../../server/contracts/files';
import StoragePage from './storage';

const overview: StorageOverview = {
  used: 600_000,
  limit: 1_000_000,
  maxUpload: 500_000,
  byCategory: [
    { category: 'image', bytes: 300_000, count: 3 },
    { category: 'video', bytes: 200_000, count: 1 },
    { category: 'document', bytes: 100_000, count: 4 },
  ],
  recent: [],
};

/** The screen as CSS media queries see it: `width` px wide. */
function screenWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) => {
      const max = /max-width:\s*([\d.]+)em/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) * 16 : false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  );
}

beforeEach(() => {
  stubApi({ 'GET /api/files/overview': () => Response.json(overview) });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 720, height: 240 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Each drawn bar's width as a share of the step from one category to the next, in percent. */
async function barShares() {
  await screen.findByText('Storage');
  const bars = await vi.waitFor(() => {
    const found = [...document.querySelectorAll('.recharts-bar-rectangle path')];
    expect(found).toHaveLength(overview.byCategory.length);
    return found;
  });
  const xs = bars.map((b) => Number(b.getAttribute('x')));
  const step = xs[1]! - xs[0]!;
  return bars.map((b) => Math.round((Number(b.getAttribute('width')) / step) * 100));
}

describe('storage overview bar chart', () => {
  it.each([
    [1440, 28],
    [1000, 32],
    [600, 40],
  ])('at %i px wide a bar is %i percent of its category', async (width, share) => {
    screenWidth(width);
    await renderWithProviders(<StoragePage />, { route: '/dashboard/file' });
    expect(await barShares()).toEqual(overview.byCategory.map(() => share));
  });
});
