import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { makeProduct, stubApi } from '../testing/make-product';
import ProductListPage from './list';

const auth: { role: 'admin' | 'user' } = vi.hoisted(() => ({ role: 'admin' }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: true,
    user: { id: 'u1', firstName: 'Ada', lastName: 'Admin', role: auth.role },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/dashboard/e-commerce/list', element: <ProductListPage /> },
  { path: '/dashboard/permission-denied', element: <p>Permission denied</p> },
];

describe('admin product list', () => {
  it('sends a non-admin to the permission-denied page', async () => {
    auth.role = 'user';
    const api = stubApi({});
    await renderWithProviders(null, { routes, route: '/dashboard/e-commerce/list' });
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('lists stock badges, and deletes the selection only after confirming', async () => {
    auth.role = 'admin';
    const low = makeProduct({ id: 'p-low', name: 'Low Mug', slug: 'low-mug', stock: 3 });
    const out = makeProduct({ id: 'p-out', name: 'Gone Cap', slug: 'gone-cap', stock: 0 });
    let products = [low, out];
    const api = stubApi({
      'GET /api/products': () => Response.json({ products }),
      'POST /api/products/delete': async (request) => {
        const { ids } = (await request.json()) as { ids: string[] };
        products = products.filter((p) => !ids.includes(p.id));
        return Response.json({ deleted: ids });
      },
    });
    const { user } = await renderWithProviders(null, {
      routes,
      route: '/dashboard/e-commerce/list',
    });
    const lowRow = (await screen.findByRole('link', { name: 'Low Mug' })).closest('tr')!;
    expect(within(lowRow).getByText('Low stock')).toBeInTheDocument();
    const outRow = screen.getByRole('link', { name: 'Gone Cap' }).closest('tr')!;
    expect(within(outRow).getByText('Out of stock')).toBeInTheDocument();
    expect(new URL(api.calls('GET', '/api/products')[0]!.url).searchParams.get('all')).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'Select Gone Cap' }));
    await user.click(screen.getByRole('button', { name: 'Delete 1 product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete products?' });
    expect(api.calls('POST', '/api/products/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Gone Cap' })).toBeNull());
    const [request] = api.calls('POST', '/api/products/delete');
    expect(await request!.clone().json()).toEqual({ ids: ['p-out'] });
    expect(screen.getByRole('link', { name: 'Low Mug' })).toBeInTheDocument();
  });
});
