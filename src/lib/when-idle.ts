/** How long a hidden tab (which draws no frames) waits for one before going on. */
const NO_FRAME_MS = 250;

/**
 * Runs `task` once the browser is idle after the next frame has been drawn (at most `timeout`
 * ms after that), for background work that must not compete with a page's first render.
 *
 * An idle callback asked for right after a render can run before that render's frame reaches
 * the screen (the browser is idle while the frame is composited): work started there, such as
 * opening Dexie, downloads ahead of the page's largest paint. Asking only from the second
 * animation frame on, which comes after the first has been presented, keeps it behind.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(task, 200);
      cancel = () => clearTimeout(timer);
    }
  };
  if (typeof requestAnimationFrame !== 'function') {
    idle();
    return () => cancel();
  }
  let frame = 0;
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    idle();
  }, NO_FRAME_MS);
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      idle();
    });
  });
  cancel = () => {
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
  };
  return () => cancel();
}
