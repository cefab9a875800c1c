import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import type { AdminActionEntry, ManagedUserDetails } from '../api/account-api';
import UserEditPage from './user-edit';

vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: true,
    user: { id: 'me', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
  }),
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

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

const history: AdminActionEntry[] = [
  {
    id: 'a2',
    action: 'changed',
    admin: { id: 'me', name: 'Ada Admin' },
    details: { fields: ['email', 'role'], role: 'admin', email: { from: 'nia@old.example', to: 'nia@example.com' } },
    at: '2026-03-02T10:00:00.000Z',
  },
  { id: 'a1', action: 'created', admin: null, details: { role: 'user', status: 'pending' }, at: '2026-03-01T09:00:00.000Z' },
];

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
      if (path === '/api/v1/user/u-nia/admin-actions') return Response.json({ actions: history });
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

  it('lists what admins did to the account, newest first, and reads it again after a save', async () => {
    const sent = stubApi();
    const { user } = await renderWithProviders(null, { routes, route: '/dashboard/user/nia-okafor/edit' });
    const panel = await screen.findByRole('region', { name: 'Admin actions' });
    const entries = await within(panel).findAllByRole('listitem');
    expect(entries.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Ada Admin changed Email address and Role',
      'A former admin created the account',
    ]);
    expect(entries[0]).toHaveTextContent('Email address changed from nia@old.example to nia@example.com');
    expect(entries[0]).toHaveTextContent('Role: Admin');
    expect(entries[1]).toHaveTextContent('Status: Pending');
    expect(within(entries[0]!).getByText(/2026/).tagName).toBe('TIME');

    const reads = () => sent.filter((s) => s.path.endsWith('/admin-actions')).length;
    const before = reads();
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('shows the admin actions in Arabic, right to left, names and addresses kept whole', async () => {
    stubApi();
    await renderWithProviders(null, { routes, route: '/dashboard/user/nia-okafor/edit', language: 'ar' });
    const panel = await screen.findByRole('region', { name: 'إجراءات المشرفين' });
    expect(document.documentElement.dir).toBe('rtl');
    const [first] = await within(panel).findAllByRole('listitem');
    expect(first).toHaveTextContent('غيّر Ada Admin');
    const isolated = [...first!.querySelectorAll('bdi')].map((el) => el.textContent);
    expect(isolated).toEqual(['Ada Admin', 'nia@old.example', 'nia@example.com']);
  });

  it('says so when no user has that name', async () => {
    stubApi();
    await renderWithProviders(null, { routes, route: '/dashboard/user/nobody/edit' });
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toBeInTheDocument();
  });
});
