import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { makeComment, makePost, stubApi } from '../testing/blog-fixtures';
import { Comments } from './comments';

const auth = vi.hoisted(() => ({ signedIn: true }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: auth.signedIn,
    user: auth.signedIn ? { id: 'u-reader', firstName: 'Rui', lastName: 'Reader', role: 'user' } : null,
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const post = makePost({ commentCount: 3 });

function threadApi() {
  const top = makeComment({ body: 'First <b>thoughts</b> <script>alert(1)</script>', canDelete: true });
  const other = makeComment({ body: 'Another view', author: { id: 'u-x', name: 'Xia Other', avatarUrl: null } });
  const reply = makeComment({ body: 'A reply', parentId: top.id, author: { id: 'u-author', name: 'Ana Author', avatarUrl: null } });
  let comments = [top, reply, other];
  const api = stubApi({
    'GET /api/blog/comments': () => Response.json({ comments }),
    'POST /api/blog/comments/new': async (request) => {
      const input = (await request.json()) as { body: string; parentId: string | null };
      const comment = makeComment({ body: input.body, parentId: input.parentId, canDelete: true });
      comments = [...comments, comment];
      return Response.json({ comment }, { status: 201 });
    },
    'POST /api/blog/comments/delete': async (request) => {
      const { commentId } = (await request.json()) as { commentId: string };
      comments = comments.filter((c) => c.id !== commentId && c.parentId !== commentId);
      return Response.json({ deleted: commentId });
    },
  });
  return { api, top, reply, other };
}

describe('comments', () => {
  it('shows threads with their replies, and comment text as text', async () => {
    auth.signedIn = true;
    const { top } = threadApi();
    await renderWithProviders(<Comments post={post} />);
    expect(await screen.findByRole('heading', { name: '3 comments' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('comment');
    expect(items).toHaveLength(3);
    ['Rui Reader', 'Ana Author', 'Xia Other'].forEach((name, i) => expect(items[i]).toHaveTextContent(name));
    expect(within(items[0]!).getByText(top.body)).toBeInTheDocument();
    expect(document.querySelector('[data-testid="comment"] b, [data-testid="comment"] script')).toBeNull();
    // the reply sits in its thread's indented list
    expect(items[1]!.parentElement).not.toBe(items[0]!.parentElement);
    // only what the reader may delete has a Delete button
    expect(within(items[0]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('posts a comment and a reply to a thread', async () => {
    auth.signedIn = true;
    const { api, top } = threadApi();
    const { user } = await renderWithProviders(<Comments post={post} />);
    await screen.findAllByTestId('comment');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Write something first.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/blog/comments/new')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Nice post');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Nice post')).toBeInTheDocument();
    expect(await api.calls('POST', '/api/blog/comments/new')[0]!.json()).toEqual({ postId: post.id, parentId: null, body: 'Nice post' });

    const first = screen.getAllByTestId('comment')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Reply' }));
    const replyBox = screen.getByRole('textbox', { name: 'Your reply' });
    await waitFor(() => expect(replyBox).toHaveFocus());
    await user.type(replyBox, 'Agreed');
    await user.click(within(replyBox.closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(api.calls('POST', '/api/blog/comments/new')).toHaveLength(2));
    expect(await api.calls('POST', '/api/blog/comments/new')[1]!.json()).toEqual({ postId: post.id, parentId: top.id, body: 'Agreed' });
  });

  it('deletes a comment after asking', async () => {
    auth.signedIn = true;
    const { api, top } = threadApi();
    const { user } = await renderWithProviders(<Comments post={post} />);
    const first = (await screen.findAllByTestId('comment'))[0]!;
    await user.click(within(first).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('The comment and its replies will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText(top.body)).not.toBeInTheDocument());
    expect(screen.queryByText('A reply')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/blog/comments/delete')).toHaveLength(1);
  });

  it('asks visitors to sign in, and keeps the way back to the comments', async () => {
    auth.signedIn = false;
    threadApi();
    await renderWithProviders(<Comments post={post} />);
    const link = await screen.findByRole('link', { name: 'Sign in to comment' });
    expect(link).toHaveAttribute('href', `/auth/login?returnTo=${encodeURIComponent('/dashboard/blog/post/hello-world#comments')}`);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('says comments open once a draft is published', async () => {
    auth.signedIn = true;
    const { api } = threadApi();
    await renderWithProviders(<Comments post={{ ...post, status: 'draft' }} />);
    expect(await screen.findByText('Comments open once the post is published.')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
