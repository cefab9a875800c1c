// Pages whose route loader fetches the first screen while the page's code loads: the page's
// first render already shows the answer, never its loading skeleton first.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { initializeAuth, resetAuthForTests } from '@/lib/auth/auth-store';
import { ACCESS_TOKEN_KEY } from '@/lib/auth/token-storage';
import { queryClient } from '@/lib/query-client';
import { watchBuilt } from '@/testing/phone';
import { renderWithProviders } from '@/testing/render';

import { INVOICE_TABS } from '../../server/contracts/invoice';
import { routes } from './router';

const user = {
  id: 'u1',
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'demo@clipdeck.dev',
  role: 'user',
  emailVerified: true,
};

/** What the server answers, by path. */
function answer(url: URL): unknown {
  if (url.pathname.endsWith('/jwt/fetch')) return { user };
  if (url.pathname === '/api/overview')
    return {
      mails: 1234,
      unreadMails: 5,
      upcomingEvents: 7,
      cards: 30,
      openCards: 12,
      conversations: 3,
      unreadMessages: 1,
      recentVideos: [],
    };
  if (url.pathname === '/api/invoices')
    return {
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      tabs: Object.fromEntries(INVOICE_TABS.map((tab) => [tab, { count: 0, sums: {} }])),
    };
  if (url.pathname.startsWith('/trpc/')) {
    // a batch: one answer per procedure named in the path
    const procedures = url.pathname.slice('/trpc/'.length).split(',');
    return procedures.map((name) => ({
      result: {
        data:
          name === 'catalogue.searchVideos'
            ? {
                items: [],
                nextCursor: null,
                total: 0,
                tookMs: 1,
                search: { semantic: false, indexing: false },
              }
            : null,
      },
    }));
  }
  return {};
}

beforeEach(async () => {
  resetAuthForTests();
  queryClient.clear();
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  localStorage.setItem(
    ACCESS_TOKEN_KEY,
    `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Date.now() / 1000 + 3600 })}.sig`,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
      return Promise.resolve(Response.json(answer(new URL(request.url))));
    }),
  );
  await initializeAuth();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTests();
  queryClient.clear();
});

describe('a page whose data comes with its code', () => {
  it('shows the home with its counts, never their skeletons', async () => {
    const skeletons = watchBuilt('[data-testid="dashboard-content"] .mantine-Skeleton-root');
    await renderWithProviders(null, { routes, route: '/dashboard/app', queryClient });
    expect(await screen.findByTestId('count-mail', {}, { timeout: 10_000 })).toHaveTextContent(
      '1,234',
    );
    expect(skeletons.stop()).toBe(0);
  });

  it('shows the invoice list with its answer, never its skeleton', async () => {
    const skeleton = watchBuilt('[data-testid="invoice-skeleton"]');
    await renderWithProviders(null, { routes, route: '/dashboard/invoice', queryClient });
    expect(
      await screen.findByRole('heading', { name: 'No invoices here' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(skeleton.stop()).toBe(0);
  });

  it('shows the videos with their answer, never the skeleton', async () => {
    const skeleton = watchBuilt('[data-testid="listing-skeleton"]');
    await renderWithProviders(null, { routes, route: '/dashboard/videos', queryClient });
    expect(
      await screen.findByRole('heading', { name: 'No videos found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(skeleton.stop()).toBe(0);
  });
});
