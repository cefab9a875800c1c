import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { initializeAuth, resetAuthForTests } from '@/lib/auth/auth-store';
import { ACCESS_TOKEN_KEY } from '@/lib/auth/token-storage';
import { renderWithProviders } from '@/testing/render';

import { routes } from './router';

/** Every path the table matches, joined with its parents' paths. */
function routePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const here =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent}/${route.path}`;
    const own = route.path !== undefined || route.index ? [here || '/'] : [];
    return [...own, ...routePaths(route.children ?? [], here)];
  });
}

describe('route table', () => {
  it('registers each path once', () => {
    const all = routePaths(routes);
    expect(all).toContain('/dashboard/user');
    expect(all.filter((path, i) => all.indexOf(path) !== i)).toEqual([]);
  });
});

describe('a dashboard path with no page', () => {
  beforeEach(async () => {
    resetAuthForTests();
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    localStorage.setItem(
      ACCESS_TOKEN_KEY,
      `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Date.now() / 1000 + 3600 })}.sig`,
    );
    const user = {
      id: 'u1',
      firstName: 'Dana',
      lastName: 'Demo',
      email: 'demo@clipdeck.dev',
      role: 'user',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request | string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              String(input instanceof Request ? input.url : input).includes('/jwt/fetch')
                ? { user }
                : {},
            ),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        ),
      ),
    );
    await initializeAuth();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuthForTests();
  });

  it('shows the 404 inside the dashboard frame, with the nav', async () => {
    await renderWithProviders(null, { routes, route: '/dashboard/no-such-page' });
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Videos' })).toHaveAttribute(
      'href',
      '/dashboard/videos',
    );
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/dashboard/app');
  });
});
