import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import type { ManagedUserDetails } from '../api/account-api';
import UserEditPage from './user-edit';

vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: true,
    user: { id: 'me', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const nia: ManagedUserDetails = {
  id: 'u-nia',
  firstName: 'Nia',
  lastName: 'Okafor',
  email: 'nia@example.com',
  username: 'nia@example.com',
  slug: 'nia-okafor',
  role: 'user',
  status: 'pending',
  youtubeExternalId: null,
  referringUserId: null,
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: null,
  avatarUrl: null,
  phone: '',
  country: '',
  city: 'Lagos',
  about: '',
};

function stubApi() {
  const sent: { method: string; path: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, body: await request.text() });
      if (path === '/api/v1/user/manage/nia-okafor') return Response.json({ user: nia });
      if (path === '/api/v1/user/manage/nobody')
        return Response.json({ error: 'No user with this name.' }, { status: 404 });
      if (request.method === 'PATCH')
        return Response.json({ user: { ...nia, role: 'admin', status: 'active' } });
      if (path.endsWith('/invitation')) return Response.json({ ok: true });
      return Response.json({ error: 'unexpected' }, { status: 500 });
    }),
  );
  return sent;
}

const routes = [{ path: '/dashboard/user/:name/edit', element: <UserEditPage /> }];

describe('the user edit page', () => {
  it('loads the user by name, sends only the changed fields, and resends a pending invitation', async () => {
    const sent = stubApi();
    const { user } = await renderWithProviders(null, {
      routes,
      route: '/dashboard/user/nia-okafor/edit',
    });
    expect(await screen.findByText('Nia has not set a password yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Lagos');

    await user.click(screen.getByRole('button', { name: 'Send the invitation again' }));
    await waitFor(() =>
      expect(sent.some((s) => s.path === '/api/v1/user/u-nia/invitation')).toBe(true),
    );

    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/v1/user/u-nia',
        body: JSON.stringify({ role: 'admin', status: 'active' }),
      }),
    );
  });

  it('says so when no user has that name', async () => {
    stubApi();
    await renderWithProviders(null, { routes, route: '/dashboard/user/nobody/edit' });
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toBeInTheDocument();
  });
});
