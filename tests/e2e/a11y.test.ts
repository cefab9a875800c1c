// Accessibility in Chromium, the dashboard's pages: axe-core (the engine Lighthouse uses) on
// every /dashboard route, signed in to the seeded demo (the admin's pages as the admin), in
// light and dark, English and Arabic (right to left). Any serious or critical violation fails,
// listed with its rule, page and first elements. The public and auth pages are in
// a11y-public.test.ts; both take their page list from a11y-pages.ts, and the first test here
// fails when the router has a route that list does not check. axe is evaluated through the
// DevTools protocol: the app's CSP (no inline scripts) would refuse it as a <script> tag.
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { describeA11yRun, PAGE_CHECKS, REDIRECT_ROUTES } from './a11y-pages.ts';

function routePatterns(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...routePatterns(r.children ?? [])]);
}

describe('the page list', () => {
  it('checks every route of the router', async () => {
    const { routes } = await import('@/app/router');
    const routed = new Set(routePatterns(routes));
    const checked = new Set([...PAGE_CHECKS.map((c) => c.route), ...REDIRECT_ROUTES]);
    expect(
      [...routed].filter((p) => !checked.has(p)),
      'routes without an a11y check',
    ).toEqual([]);
    expect(
      [...checked].filter((p) => !routed.has(p)),
      'checks of no route',
    ).toEqual([]);
  });
});

describeA11yRun('axe-core on the dashboard: no serious or critical violation', (c) =>
  c.route.startsWith('/dashboard'),
);
