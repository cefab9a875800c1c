// A fake REST API for component tests: `stubApi({ 'GET /api/x': (request, url) => Response })`
// answers those calls (anything else is a 404) and records every request for assertions.
import { vi } from 'vitest';

type Handler = (request: Request, url: URL) => Response | Promise<Response>;

export function stubApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), window.location.href), init);
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
