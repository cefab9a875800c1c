// Test data and a fetch stub for the blog's component tests.
import { vi } from 'vitest';

import type { BlogComment, BlogPost } from '../../../../server/contracts/blog';

export function makePost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'hello-world',
    title: 'Hello world',
    description: 'A first post.',
    excerpt: 'A first post.',
    coverUrl: null,
    coverCardUrl: null,
    coverId: null,
    tags: ['news'],
    status: 'published',
    author: { id: 'u-author', name: 'Ana Author', slug: 'ana', avatarUrl: null, about: null },
    publishedAt: '2026-01-02T10:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    viewCount: 3,
    commentCount: 0,
    isMine: false,
    body: '<p>Body text.</p>',
    ...overrides,
  };
}

let counter = 0;
export function makeComment(overrides: Partial<BlogComment> = {}): BlogComment {
  counter += 1;
  return {
    id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
    postId: '00000000-0000-4000-8000-000000000001',
    parentId: null,
    body: `Comment ${counter}`,
    author: { id: 'u-reader', name: 'Rui Reader', avatarUrl: null },
    createdAt: '2026-01-03T10:00:00.000Z',
    canDelete: false,
    ...overrides,
  };
}

type Handler = (request: Request, url: URL) => Response | Promise<Response>;

/** Answers fetch from `METHOD /path` handlers (404 for anything else) and records requests. */
export function stubApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
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
