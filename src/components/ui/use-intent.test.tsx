import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useIntent } from './use-intent';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A trigger that, like the header's menus, is a different element once its code is in. */
function Trigger({ load }: { load: () => Promise<string> }) {
  const { loaded, triggerProps, intent } = useIntent(load);
  const [clicks, setClicks] = useState(0);
  const count = () => setClicks((n) => n + 1);
  return loaded ? (
    <section>
      <button type="button" onClick={count}>
        {loaded} {clicks} {String(intent.pressed)}
      </button>
    </section>
  ) : (
    <button type="button" {...triggerProps} onClick={() => (triggerProps.onClick(), count())}>
      plain {clicks}
    </button>
  );
}

/** Runs `run` and lets the promises it settles be handled. */
const settle = (run: () => unknown) =>
  act(async () => {
    run();
    await Promise.resolve();
  });

/** A trigger whose code arrives when `gate` opens, on fake timers (the swap waits on them). */
function renderGated() {
  vi.useFakeTimers();
  const gate = deferred<string>();
  render(<Trigger load={() => gate.promise} />);
  return { gate, plain: screen.getByRole('button') };
}

afterEach(() => vi.useRealTimers());

describe('useIntent', () => {
  it('loads on the first sign of intent and swaps in the loaded trigger', async () => {
    const gate = deferred<string>();
    const load = vi.fn(() => gate.promise);
    render(<Trigger load={load} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('button'));
    expect(load).toHaveBeenCalledTimes(1);
    await settle(() => gate.resolve('menu'));
    expect(screen.getByRole('button').textContent).toBe('menu 0 false');
  });

  it('holds the swap while the trigger is pressed, so the press still clicks', async () => {
    const { gate, plain } = renderGated();
    // as a mouse does: over the trigger (the load starts), then pressed
    fireEvent.pointerEnter(plain);
    fireEvent.pointerDown(plain);
    // the code arrives between press and release: the pressed element stays
    await settle(() => gate.resolve('menu'));
    expect(screen.getByRole('button')).toBe(plain);
    fireEvent.pointerUp(plain);
    fireEvent.click(plain);
    expect(plain.textContent).toBe('plain 1');
    await act(() => vi.runAllTimersAsync());
    // then swapped, knowing it was pressed (a menu opens at once)
    expect(screen.getByRole('button').textContent).toBe('menu 1 true');
  });

  it('lets the swap go shortly after a release that makes no click', async () => {
    const { gate, plain } = renderGated();
    fireEvent.pointerDown(plain);
    await settle(() => gate.resolve('menu'));
    fireEvent.pointerUp(document.body);
    expect(screen.getByRole('button')).toBe(plain);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByRole('button').textContent).toBe('menu 0 false');
  });

  it('holds for a key press too (Space clicks on release)', async () => {
    const { gate, plain } = renderGated();
    fireEvent.focus(plain);
    fireEvent.keyDown(plain, { key: ' ' });
    await settle(() => gate.resolve('menu'));
    expect(screen.getByRole('button')).toBe(plain);
    fireEvent.keyUp(plain, { key: ' ' });
    fireEvent.click(plain);
    await act(() => vi.runAllTimersAsync());
    expect(screen.getByRole('button').textContent).toBe('menu 1 true');
  });

  it('tries again on the next intent after a failed load (offline, chunk not cached)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('menu');
    render(<Trigger load={load} />);
    await settle(() => fireEvent.pointerEnter(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toBe('plain 0');
    await settle(() => fireEvent.pointerEnter(screen.getByRole('button')));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button').textContent).toBe('menu 0 false');
  });
});
