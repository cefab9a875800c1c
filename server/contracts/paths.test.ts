// The route table shared by the app's router and the server's answers to navigations.
import { describe, expect, it } from 'vitest';

import { matchesRoute, navigationStatus, paths, routePatterns } from './paths.ts';

const ROUTE_PATTERNS = routePatterns();

describe('the shared route table', () => {
  it('lists every route of the table, parameters as :name', () => {
    expect(ROUTE_PATTERNS).toContain('/');
    expect(ROUTE_PATTERNS).toContain('/:slug/videos');
    expect(ROUTE_PATTERNS).toContain(paths.dashboard.invoice.edit.path);
    expect(ROUTE_PATTERNS).toContain(paths.auth.login.path);
    expect(new Set(ROUTE_PATTERNS).size).toBe(ROUTE_PATTERNS.length);
  });

  it('matches each route with its parameters filled, as the router does', () => {
    for (const pattern of ROUTE_PATTERNS) {
      const filled = pattern.replace(/:\w+/g, 'some%20name');
      expect(matchesRoute(filled), filled).toBe(true);
      expect(matchesRoute(`${filled}/`), `${filled}/`).toBe(true);
    }
    expect(matchesRoute('/Dashboard/Mail')).toBe(true);
    expect(matchesRoute(paths.book.href('a/b'))).toBe(true);
  });

  it('gives the error pages their code and a path no route matches 404', () => {
    expect(navigationStatus('/403')).toBe(403);
    expect(navigationStatus('/404/')).toBe(404);
    expect(navigationStatus('/500')).toBe(500);
    for (const unknown of [
      '/no-such-page',
      '/pricing/extra',
      '/book',
      '/dashboard/no-such-page',
      '/dashboard/mail/inbox/42',
      '/auth/nope',
      '/%E0%A4%A',
    ]) {
      expect(navigationStatus(unknown), unknown).toBe(404);
    }
    for (const page of ['/', '/pricing', '/dashboard/app', '/someone/videos', '/book/someone']) {
      expect(navigationStatus(page), page).toBe(200);
    }
  });
});
