import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { EMBEDDED_POST_ID } from '../../../../server/contracts/blog';
import { makePost, stubApi } from '../test/blog-fixtures';
import PublicBlogPostPage from './public-post';

vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ isInitialized: true, isAuthenticated: false, user: null }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(EMBEDDED_POST_ID)?.remove();
});

const routes = [{ path: '/blog/post/:title', element: <PublicBlogPostPage /> }];

function embed(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = EMBEDDED_POST_ID;
  block.textContent = JSON.stringify(data);
  document.body.append(block);
}

describe('the public post page', () => {
  it('shows the post the server embedded at once, with the cover in two sizes', async () => {
    const post = makePost({ title: 'Embedded post', coverUrl: '/api/blog/covers/c1', coverCardUrl: '/api/blog/covers/c1/card' });
    embed({ post });
    stubApi({ 'GET /api/blog/comments': () => Response.json({ comments: [] }) });
    const { container } = await renderWithProviders(null, { routes, route: '/blog/post/hello-world' });
    // rendered on the first pass, not after a request: no skeleton
    expect(screen.getByRole('heading', { level: 1, name: 'Embedded post' })).toBeInTheDocument();
    expect(screen.queryByTestId('post-loading')).not.toBeInTheDocument();
    const cover = container.querySelector('article img')!;
    expect(cover.getAttribute('srcset')).toBe('/api/blog/covers/c1/card 800w, /api/blog/covers/c1 1600w');
    expect(document.getElementById(EMBEDDED_POST_ID)).toBeNull();
  });

  it('ignores an embedded post of another address and asks the API', async () => {
    embed({ post: makePost({ slug: 'other-post', title: 'Other post' }) });
    const api = stubApi({
      'GET /api/blog/post': () => Response.json({ post: makePost({ title: 'Asked post' }) }),
      'GET /api/blog/comments': () => Response.json({ comments: [] }),
    });
    await renderWithProviders(null, { routes, route: '/blog/post/hello-world' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Asked post' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/blog/post')).toHaveLength(1);
  });
});
