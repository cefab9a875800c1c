import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { makePost, stubApi } from '../testing/blog-fixtures';
import PublicBlogPostPage from './public-post';

vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ isInitialized: true, isAuthenticated: false, user: null }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [{ path: '/blog/post/:title', element: <PublicBlogPostPage /> }];

// A page load of /blog/post/{slug} is the server's page (server/blog/public-page.ts, tested in
// server/routes/blog.test.ts); this is the app's page for the same address, reached from inside
// the app or offline.
describe('the public post page in the app', () => {
  it('asks the API for the post and shows it with the cover in two sizes', async () => {
    const api = stubApi({
      'GET /api/blog/post': () =>
        Response.json({
          post: makePost({ title: 'Asked post', coverUrl: '/api/blog/covers/c1', coverCardUrl: '/api/blog/covers/c1/card' }),
        }),
      'GET /api/blog/comments': () => Response.json({ comments: [] }),
    });
    const { container } = await renderWithProviders(null, { routes, route: '/blog/post/hello-world' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Asked post' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/blog/post')).toHaveLength(1);
    const cover = container.querySelector('article img')!;
    expect(cover.getAttribute('srcset')).toBe('/api/blog/covers/c1/card 800w, /api/blog/covers/c1 1600w');
  });
});
