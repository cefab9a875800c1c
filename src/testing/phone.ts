// A phone's screen for component tests, and a watch on what a render builds even for a moment.
import { vi } from 'vitest';

/** A phone's screen: every `max-width` media query matches, no `min-width` one. */
export function stubPhoneScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/** Watches the document for elements matching `selector`, kept or removed again before the
 *  observer ran (a render that built them and a second one that tore them down): `stop()`
 *  says how many times one was put on screen. */
export function watchBuilt(selector: string): { stop: () => number } {
  let built = 0;
  const seen = (node: Node) =>
    node instanceof Element && (node.matches(selector) || node.querySelector(selector) !== null);
  const watcher = new MutationObserver((records) => {
    for (const record of records)
      for (const node of [...record.addedNodes, ...record.removedNodes]) if (seen(node)) built++;
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  return {
    stop: () => {
      for (const record of watcher.takeRecords())
        for (const node of [...record.addedNodes, ...record.removedNodes]) if (seen(node)) built++;
      watcher.disconnect();
      return built;
    },
  };
}
