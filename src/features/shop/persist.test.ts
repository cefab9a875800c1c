import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import {
  flushProductState,
  PERSIST_TIMEOUT_MS,
  PRODUCT_STATE_KEY,
  readProductState,
  writeProductState,
} from './persist';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  flushProductState();
  vi.useRealTimers();
});

const stored = () => JSON.parse(localStorage.getItem(PRODUCT_STATE_KEY) ?? 'null') as unknown;

it('starts at step 0 sorted by featured, and reads back what was written', () => {
  expect(readProductState()).toEqual({ checkout: { activeStep: 0 }, sort: 'featured' });
  writeProductState({ sort: 'priceAsc' });
  writeProductState({ checkout: { activeStep: 2 } });
  expect(readProductState()).toEqual({ checkout: { activeStep: 2 }, sort: 'priceAsc' });
  vi.advanceTimersByTime(400);
  expect(stored()).toEqual({ checkout: { activeStep: 2 }, sort: 'priceAsc' });
});

it('writes a change within the persistence time-out even while changes keep coming', () => {
  for (let t = 0; t < PERSIST_TIMEOUT_MS + 200; t += 100) {
    writeProductState({ checkout: { activeStep: (t / 100) % 3 } });
    vi.advanceTimersByTime(100);
    if (t >= PERSIST_TIMEOUT_MS) break;
  }
  expect(stored()).not.toBeNull();
});

it('ignores what it cannot read', () => {
  localStorage.setItem(PRODUCT_STATE_KEY, '{"checkout":{"activeStep":9},"sort":"cheapest"}');
  expect(readProductState()).toEqual({ checkout: { activeStep: 0 }, sort: 'featured' });
  localStorage.setItem(PRODUCT_STATE_KEY, 'not json');
  expect(readProductState()).toEqual({ checkout: { activeStep: 0 }, sort: 'featured' });
});
