import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { UserCard } from '../api/account-api';
import UserCardsPage from './user-cards';

const auth: { role: 'admin' | 'user' } = vi.hoisted(() => ({ role: 'admin' }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: true,
    user: { id: 'me', firstName: 'Ada', lastName: 'Admin', role: auth.role },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const card = (n: number, overrides: Partial<UserCard> = {}): UserCard => ({
  id: `u${n}`,
  firstName: `Person${n}`,
  lastName: 'Example',
  email: `p${n}@example.com`,
  username: `p${n}@example.com`,
  slug: `person${n}-example`,
  role: 'user',
  status: 'active',
  youtubeExternalId: null,
  referringUserId: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: null,
  avatarUrl: null,
  counts: { videos: 0, conversations: 0, referrals: 0 },
  ...overrides,
});

function stubDirectory(all: UserCard[]) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      urls.push(url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      const hits = all.filter((u) => `${u.firstName} ${u.email}`.toLowerCase().includes(search));
      return Promise.resolve(
        Response.json({
          users: hits.slice((page - 1) * size, page * size),
          total: hits.length,
          page,
          pageSize: size,
        }),
      );
    }),
  );
  return urls;
}

const routes = [
  { path: '/dashboard/user/cards', element: <UserCardsPage /> },
  { path: '/dashboard/user/:name/edit', element: <p>Edit page</p> },
  { path: '/dashboard/permission-denied', element: <p>Permission denied</p> },
];

describe('user cards', () => {
  it('sends a non-admin to the permission-denied page without asking the server', async () => {
    auth.role = 'user';
    const urls = stubDirectory([]);
    await renderWithProviders(null, { routes, route: '/dashboard/user/cards' });
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
    expect(urls).toHaveLength(0);
  });

  it('shows each user with role, status and counts, searches, pages, and links to edit', async () => {
    auth.role = 'admin';
    const people = Array.from({ length: 14 }, (_, i) => card(i + 1));
    people[0] = card(1, {
      firstName: 'Grace',
      role: 'admin',
      status: 'pending',
      counts: { videos: 1204, conversations: 3, referrals: 2 },
    });
    const urls = stubDirectory(people);
    const { user, router } = await renderWithProviders(null, {
      routes,
      route: '/dashboard/user/cards',
    });
    const grace = await screen.findByRole('article', { name: 'Grace Example' });
    expect(within(grace).getByText('Admin')).toBeInTheDocument();
    expect(within(grace).getByText('Pending')).toBeInTheDocument();
    expect(within(grace).getByTestId('count-videos')).toHaveTextContent('1,204');
    expect(within(grace).getByTestId('count-referrals')).toHaveTextContent('2');
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Total: 14')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(urls.at(-1)?.searchParams.get('page')).toBe('2');

    await user.type(screen.getByRole('textbox', { name: 'Search by name or email' }), 'grace');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(urls.at(-1)?.searchParams.get('search')).toBe('grace');
    expect(urls.at(-1)?.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('link', { name: 'Edit Grace Example' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/user/person1-example/edit'),
    );
  });

  it('offers to clear the search when nothing matches', async () => {
    auth.role = 'admin';
    stubDirectory([card(1)]);
    const { user } = await renderWithProviders(null, { routes, route: '/dashboard/user/cards' });
    await screen.findByRole('article', { name: 'Person1 Example' });
    await user.type(screen.getByRole('textbox', { name: 'Search by name or email' }), 'zzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(await screen.findByRole('article', { name: 'Person1 Example' })).toBeInTheDocument();
  });
});
