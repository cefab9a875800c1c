import { afterEach, describe, expect, it, vi } from 'vitest';

import { resetFirstReadsForTests, startFirstRead, takeFirstRead, useFirstRead } from './first-read';

afterEach(() => {
  vi.useRealTimers();
  resetFirstReadsForTests();
});

describe('first reads', () => {
  it('gives the answer once it has arrived, to the render that asks for it, then drops it', async () => {
    vi.useFakeTimers();
    let answer!: (value: string) => void;
    const read = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    startFirstRead('page', read);
    startFirstRead('page', read);
    expect(read).toHaveBeenCalledTimes(1);
    // not arrived yet: the page reads for itself
    expect(takeFirstRead('page')).toBeUndefined();
    answer('rows');
    await vi.advanceTimersByTimeAsync(0);
    expect(takeFirstRead('page')).toBe('rows');
    // a second call of the same render (StrictMode) gets it too
    expect(takeFirstRead('page')).toBe('rows');
    await vi.advanceTimersByTimeAsync(1);
    expect(takeFirstRead('page')).toBeUndefined();
  });

  it('forgets a failed read and an answer no page took', async () => {
    vi.useFakeTimers();
    startFirstRead('failed', () => Promise.reject(new Error('closed')));
    await vi.advanceTimersByTimeAsync(0);
    expect(takeFirstRead('failed')).toBeUndefined();
    startFirstRead('late', () => Promise.resolve(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(takeFirstRead('late')).toBeUndefined();
  });
});

describe('useFirstRead', () => {
  it('takes an answer that arrives after the first render, for the key it mounted with', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    let answer!: (value: string) => void;
    startFirstRead('list', () => new Promise<string>((resolve) => (answer = resolve)));
    const { result, rerender } = renderHook(({ k }) => useFirstRead<string>(k), {
      initialProps: { k: 'list' },
    });
    expect(result.current).toBeUndefined();
    await act(() => {
      answer('rows');
      return Promise.resolve();
    });
    expect(result.current).toBe('rows');
    rerender({ k: 'other' });
    expect(result.current).toBeUndefined();
  });
});
