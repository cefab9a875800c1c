import { describe, expect, it } from 'vitest';

import { BACKOFF_CAP_MS, backoffDelay, classify } from './protocol';

describe('failure classification', () => {
  it.each([
    [null, 'retry'],
    [200, 'delivered'],
    [201, 'delivered'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [429, 'retry'],
    [401, 'pause'],
    [400, 'reject'],
    [403, 'reject'],
    [404, 'reject'],
    [409, 'reject'],
    [410, 'delivered'],
    [422, 'reject'],
  ] as const)('%s → %s', (status, outcome) => {
    expect(classify(status)).toBe(outcome);
  });
});

describe('backoff with jitter', () => {
  it('grows exponentially between half and all of the ceiling', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
  });

  it('is capped', () => {
    expect(backoffDelay(40, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(40, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });

  it('spreads retries: different random draws give different delays', () => {
    const delays = new Set(Array.from({ length: 20 }, (_, i) => backoffDelay(5, () => i / 20)));
    expect(delays.size).toBe(20);
  });

  it('never retries sooner than Retry-After', () => {
    expect(backoffDelay(1, () => 0, 30)).toBe(30_000);
  });
});
