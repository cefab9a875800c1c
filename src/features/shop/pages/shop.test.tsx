import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { flushProductState, PRODUCT_STATE_KEY, writeProductState } from '../persist';
import { makeProduct, stubApi } from '../testing/make-product';
import ShopPage from './shop';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/dashboard/e-commerce/shop', element: <ShopPage /> }];
const lastQuery = (calls: Request[]) => new URL(calls.at(-1)!.url).searchParams;

describe('shop page: filters and sort in the URL', () => {
  it('asks the API for the filters the URL names (prices in cents) and shows the grid', async () => {
    const api = stubApi({
      'GET /api/products': () => Response.json({ products: [makeProduct()] }),
    });
    await renderWithProviders(null, {
      routes,
      route:
        '/dashboard/e-commerce/shop?category=mugs&color=%23e53935&priceMin=10&rating=4&sort=priceAsc',
    });
    expect(await screen.findByRole('link', { name: 'Clipdeck Logo Tee' })).toBeInTheDocument();
    const query = lastQuery(api.calls('GET', '/api/products'));
    expect(query.getAll('category')).toEqual(['mugs']);
    expect(query.getAll('color')).toEqual(['#E53935']);
    expect(query.get('priceMin')).toBe('1000');
    expect(query.get('rating')).toBe('4');
    expect(query.get('sort')).toBe('priceAsc');
    // sale price shown, the old price struck through
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toHaveStyle({ textDecoration: 'line-through' });
  });

  it('a new sort goes into the URL, the request and local storage', async () => {
    const api = stubApi({
      'GET /api/products': () => Response.json({ products: [makeProduct()] }),
    });
    const { user, router } = await renderWithProviders(null, {
      routes,
      route: '/dashboard/e-commerce/shop?category=mugs',
    });
    await screen.findByRole('link', { name: 'Clipdeck Logo Tee' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    await waitFor(() => expect(router.state.location.search).toContain('sort=priceDesc'));
    expect(router.state.location.search).toContain('category=mugs');
    await waitFor(() =>
      expect(lastQuery(api.calls('GET', '/api/products')).get('sort')).toBe('priceDesc'),
    );
    flushProductState();
    expect(JSON.parse(localStorage.getItem(PRODUCT_STATE_KEY)!)).toMatchObject({
      sort: 'priceDesc',
    });
  });

  it('a visit without a sort in the URL uses the persisted one', async () => {
    writeProductState({ sort: 'newest' });
    flushProductState();
    const api = stubApi({ 'GET /api/products': () => Response.json({ products: [] }) });
    await renderWithProviders(null, { routes, route: '/dashboard/e-commerce/shop' });
    await screen.findByText('No products found');
    expect(lastQuery(api.calls('GET', '/api/products')).get('sort')).toBe('newest');
  });

  it('filters from the panel land in the URL; clearing them keeps the sort', async () => {
    stubApi({ 'GET /api/products': () => Response.json({ products: [] }) });
    const { user, router } = await renderWithProviders(null, {
      routes,
      route: '/dashboard/e-commerce/shop?sort=newest',
    });
    await screen.findByText('No products found');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Posters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kids' }));
    await waitFor(() => expect(router.state.location.search).toContain('gender=kids'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll('category')).toEqual(['posters']);
    expect(await screen.findByText(/Nothing matches these filters/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest'));
  });

  it('pages the grid: the page goes into the URL and the request, a new filter starts at page 1', async () => {
    const api = stubApi({
      'GET /api/products': () =>
        Response.json({ products: [makeProduct()], total: 30, page: 1, pageSize: 12 }),
    });
    const { user, router } = await renderWithProviders(null, { routes, route: '/dashboard/e-commerce/shop' });
    await screen.findByRole('link', { name: 'Clipdeck Logo Tee' });
    expect(screen.getByText('30 products')).toBeInTheDocument();
    expect(lastQuery(api.calls('GET', '/api/products')).get('pageSize')).toBe('12');
    expect(screen.getByRole('navigation', { name: 'Pages of products' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    await waitFor(() => expect(lastQuery(api.calls('GET', '/api/products')).get('page')).toBe('3'));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Mugs' }));
    await waitFor(() => expect(router.state.location.search).toContain('category=mugs'));
    expect(router.state.location.search).not.toContain('page=');
  });

  it('shows the skeleton while loading and the error text when the list fails (logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (r: Response) => void = () => undefined;
    stubApi({ 'GET /api/products': () => new Promise<Response>((resolve) => (fail = resolve)) });
    await renderWithProviders(null, { routes, route: '/dashboard/e-commerce/shop' });
    expect(await screen.findByTestId('shop-loading')).toBeInTheDocument();
    fail(Response.json({}, { status: 500 }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('shop: product list failed', expect.anything());
    log.mockRestore();
  });
});
