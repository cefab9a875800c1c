// whenIdle asks for an idle callback only once a frame has been drawn after the call (two
// animation frames), or after a short wait in a tab that draws none; cancelling stops it at
// any stage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { whenIdle } from './when-idle';

let ids = 0;
let frames = new Map<number, FrameRequestCallback>();
let idle = new Map<number, IdleRequestCallback>();
function take<T>(queue: Map<number, T>): T[] {
  const due = [...queue.values()];
  queue.clear();
  return due;
}
const nextFrame = () => take(frames).forEach((f) => f(performance.now()));
const idleNow = () => take(idle).forEach((f) => f({ didTimeout: false, timeRemaining: () => 50 }));

beforeEach(() => {
  vi.useFakeTimers();
  frames = new Map();
  idle = new Map();
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.set(++ids, f) && ids);
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.stubGlobal('requestIdleCallback', (f: IdleRequestCallback) => idle.set(++ids, f) && ids);
  vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for a drawn frame before it asks for an idle period', () => {
    const task = vi.fn();
    whenIdle(task);
    expect(idle.size).toBe(0);
    nextFrame();
    expect(idle.size).toBe(0);
    nextFrame();
    expect(idle.size).toBe(1);
    idleNow();
    expect(task).toHaveBeenCalledTimes(1);
    // the fallback for hidden tabs does not run it again
    vi.advanceTimersByTime(1000);
    idleNow();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('goes on without frames in a tab that draws none', () => {
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(300);
    idleNow();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('is cancelled before the frame, and after the idle callback was asked for', () => {
    const early = vi.fn();
    whenIdle(early)();
    nextFrame();
    nextFrame();
    vi.advanceTimersByTime(1000);
    idleNow();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = whenIdle(late);
    nextFrame();
    nextFrame();
    cancel();
    idleNow();
    expect(late).not.toHaveBeenCalled();
  });
});
