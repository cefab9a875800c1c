import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  resetFirstReadsForTests,
  sameData,
  startFirstRead,
  takeFirstRead,
  useFirstRead,
  useSameData,
} from './first-read';

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

describe('useSameData', () => {
  it('keeps the value shown while a new answer holds the same data, and takes a changed one', async () => {
    const { renderHook } = await import('@testing-library/react');
    type View = { ids: string[]; rows: Map<string, { labels: string[] }> } | undefined;
    const first: View = { ids: ['a', 'b'], rows: new Map([['a', { labels: ['x'] }]]) };
    const initialProps: { v: View } = { v: first };
    const { result, rerender } = renderHook(({ v }) => useSameData(v), { initialProps });
    rerender({ v: { ids: ['a', 'b'], rows: new Map([['a', { labels: ['x'] }]]) } });
    expect(result.current).toBe(first);
    const changed = { ids: ['a', 'b'], rows: new Map([['a', { labels: ['y'] }]]) };
    rerender({ v: changed });
    expect(result.current).toBe(changed);
    rerender({ v: undefined });
    expect(result.current).toBeUndefined();
  });

  it('tells apart arrays, objects and Maps of different content', () => {
    expect(sameData([{ a: 1 }], [{ a: 1 }])).toBe(true);
    expect(sameData([{ a: 1 }], [{ a: 1, b: undefined }])).toBe(false);
    expect(sameData({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameData(new Map([['k', 1]]), new Map([['j', 1]]))).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });
});
