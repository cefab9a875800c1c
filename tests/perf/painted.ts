// When a page first shows something, to the frame: the check runs on every animation frame (a
// Playwright locator's wait retries at growing intervals, up to 500 ms apart, and so could see
// a paint that late), and the time taken is the frame after it, when what was checked is painted.
import type { Page } from 'playwright-core';

/** performance.now() of the frame after the first one in which `selector` matches a visible
 *  element (whose text starts with `text`, when given): from the navigation's start. */
export async function paintedAt(page: Page, selector: string, text?: string): Promise<number> {
  await page.waitForFunction(
    ({ selector, text }) =>
      [...document.querySelectorAll(selector)].some(
        (el) =>
          el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
          (text === undefined || (el.textContent ?? '').trimStart().startsWith(text)),
      ),
    { selector, text },
    { timeout: 60_000, polling: 'raf' },
  );
  return page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
  );
}
