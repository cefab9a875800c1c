// Products and a fake REST API for the shop's component tests.
import { vi } from 'vitest';

import type { Product } from '../../../../server/contracts/shop';

export function makeProduct(patch: Partial<Product> = {}): Product {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Clipdeck Logo Tee',
    slug: 'clipdeck-logo-tee',
    description: '<p>Soft <strong>cotton</strong> tee.</p><script>window.hacked = true</script>',
    images: ['/img/tee-1.png', '/img/tee-2.png', '/img/tee-3.png'],
    price: 2500,
    priceSale: 1999,
    currency: 'USD',
    colors: ['#000000', '#E53935'],
    sizes: ['S', 'M', 'L'],
    category: 'shirts',
    gender: 'unisex',
    tags: ['logo'],
    stock: 5,
    published: true,
    ratingAverage: 4.5,
    ratingCount: 2,
    sold: 10,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

type Handler = (request: Request, url: URL) => Response | Promise<Response>;

/** Stubs fetch: `routes['GET /api/products']` answers that call; anything else is a 404. Takes
 *  ky's Request and the sync engine's (url, init) alike. */
export function stubApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // ky passes its Request (and options that are not the request's); the engine a URL and init
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    requests.push(request.clone());
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return Response.json({ error: 'Not found' }, { status: 404 });
    return handler(request, url);
  });
  vi.stubGlobal('fetch', fetch);
  const calls = (method: string, pathname: string) =>
    requests.filter((r) => r.method === method && new URL(r.url).pathname === pathname);
  return { fetch, calls };
}
