// Client test environment (happy-dom): jest-dom matchers, an in-memory IndexedDB for Dexie,
// the app's sync registry, the browser APIs Mantine needs that happy-dom lacks, and a clean
// slate between tests.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import '@/app/mirror-stores';

import { provideCountSources } from '@/lib/overview/count-sources';
import { provideSyncRegistry } from '@/lib/sync/registry-source';

// findBy…/waitFor wait up to 10 s, not 1 s: on a 2-core CI machine running test files in
// parallel, a lazy page's first render (a date picker, a Mantine form) and a Dexie round trip
// can take seconds. A passing test does not wait any longer; only a failing one takes longer
// to say so.
configure({ asyncUtilTimeout: 10_000 });

// the app's sync registry, as the dashboard provides it (a test may install its own first)
provideSyncRegistry(() => import('@/app/sync-registry'));
provideCountSources(() => import('@/app/overview-count-sources').then((m) => m.overviewCountSources));

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverShim });
if (!('ResizeObserver' in globalThis)) Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverShim });

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
