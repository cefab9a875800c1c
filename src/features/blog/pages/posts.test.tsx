import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { makePost, stubApi } from '../testing/blog-fixtures';
import BlogPostsPage from './posts';

vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: true,
    user: { id: 'u-author', firstName: 'Ana', lastName: 'Author', role: 'user' },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/dashboard/blog/posts', element: <BlogPostsPage /> },
  { path: '/dashboard/blog/new', element: <p>Editor</p> },
  { path: '/dashboard/blog/post/:title', element: <p>Post page</p> },
];

describe('the post list', () => {
  it('asks for the search, sort and page of the URL, marks drafts, and pages', async () => {
    const published = makePost({ viewCount: 1234, commentCount: 2 });
    const draft = makePost({ id: '00000000-0000-4000-8000-000000000002', slug: 'my-draft', title: 'My draft', status: 'draft', isMine: true, publishedAt: null });
    const api = stubApi({
      'GET /api/blog/posts': () => Response.json({ posts: [published, draft], total: 30, page: 2, pageSize: 12 }),
    });
    const { user, router } = await renderWithProviders(null, { routes, route: '/dashboard/blog/posts?q=clips&sort=popular&page=2' });
    const cards = await screen.findAllByTestId('post-card');
    const query = new URL(api.calls('GET', '/api/blog/posts')[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ q: 'clips', sort: 'popular', page: '2', limit: '12', scope: 'all' });
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('clips');
    expect(screen.getByRole('radio', { name: 'Popular' })).toBeChecked();
    expect(within(cards[1]!).getByText('Draft')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Draft')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('1,234 views')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('2 comments')).toBeInTheDocument();
    expect(screen.getByText('30 posts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=clips&sort=popular&page=3'));
    await user.click(screen.getByRole('radio', { name: 'Oldest' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=clips&sort=oldest'));

    await user.click(within(cards[0]!).getByRole('link', { name: 'Hello world' }));
    expect(await screen.findByText('Post page')).toBeInTheDocument();
  });

  it('offers to write the first post when there is none, and to clear a search that finds none', async () => {
    stubApi({ 'GET /api/blog/posts': () => Response.json({ posts: [], total: 0, page: 1, pageSize: 12 }) });
    const { user, router } = await renderWithProviders(null, { routes, route: '/dashboard/blog/posts?q=zzz' });
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Write a post' }));
    expect(await screen.findByText('Editor')).toBeInTheDocument();
  });
});
