// The service worker keeps its own copy of the queue's wire protocol (sw/sync-protocol.ts: sw/
// may not import src/). This test is what keeps the copy honest: same call per change, same
// classification of every status, same backoff, same tag, message and lock names.
import { describe, expect, it } from 'vitest';

import * as worker from '../../../sw/sync-protocol';
import { CHANGE_PATHS, SKIP_PATH } from './changes';
import { BACKGROUND_SYNC_TAG, SYNC_DONE_MESSAGE } from './engine';
import { SYNC_LOCK } from './lock';
import { backoffDelay, classify } from './policy';

describe('the worker’s copy of the sync protocol', () => {
  it('maps every change to the same API call', () => {
    expect(worker.CHANGE_PATHS).toEqual(CHANGE_PATHS);
    expect(worker.SKIP_PATH).toBe(SKIP_PATH);
  });

  it('classifies every answer the same way', () => {
    const statuses = [null, ...Array.from({ length: 500 }, (_, i) => i + 100)];
    expect(statuses.map(worker.classify)).toEqual(statuses.map(classify));
  });

  it('backs off the same way, with the same Retry-After floor', () => {
    for (const attempt of [0, 1, 2, 3, 5, 8, 12, 30]) {
      for (const r of [0, 0.25, 0.999]) {
        expect(worker.backoffDelay(attempt, () => r)).toBe(backoffDelay(attempt, () => r));
        expect(worker.backoffDelay(attempt, () => r, 90)).toBe(backoffDelay(attempt, () => r, 90));
      }
    }
  });

  it('uses the same tag, message and lock names', () => {
    expect(worker.BACKGROUND_SYNC_TAG).toBe(BACKGROUND_SYNC_TAG);
    expect(worker.SYNC_DONE_MESSAGE).toBe(SYNC_DONE_MESSAGE);
    expect(worker.SYNC_LOCK).toBe(SYNC_LOCK);
  });
});
