// Blog REST calls (server/routes/blog.ts) and their TanStack Query options. Reads work signed
// out (published posts and their comments); the bearer header goes along when there is one.
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import {
  type BlogComment,
  type BlogCover,
  type BlogPost,
  type BlogPostList,
  type CommentInput,
  type PostInput,
  type PostListQuery,
} from '../../../../server/contracts/blog';

const searchParams = (query: PostListQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const getPosts = (query: PostListQuery) =>
  api.get('/api/blog/posts', { searchParams: searchParams(query) }).json<BlogPostList>();

export const getPost = (slug: string) =>
  api.get('/api/blog/post', { searchParams: { slug } }).json<{ post: BlogPost }>();

export const createPost = (input: PostInput) =>
  api.post('/api/blog/posts/new', { json: input }).json<{ post: BlogPost }>();

export const updatePost = (id: string, post: Partial<PostInput>) =>
  api.post('/api/blog/posts/update', { json: { id, post } }).json<{ post: BlogPost }>();

export const publishPost = (id: string, published: boolean) =>
  api.post('/api/blog/posts/publish', { json: { id, published } }).json<{ post: BlogPost }>();

export const deletePost = (id: string) =>
  api.post('/api/blog/posts/delete', { json: { id } }).json<{ deleted: string }>();

export const countView = (id: string) =>
  api.post('/api/blog/posts/view', { json: { id } }).json<{ viewCount: number; counted: boolean }>();

export const getComments = (postId: string) =>
  api.get('/api/blog/comments', { searchParams: { postId } }).json<{ comments: BlogComment[] }>();

export const createComment = (input: CommentInput) =>
  api.post('/api/blog/comments/new', { json: input }).json<{ comment: BlogComment }>();

export const deleteComment = (commentId: string) =>
  api.post('/api/blog/comments/delete', { json: { commentId } }).json<{ deleted: string }>();

export function uploadCover(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.post('/api/blog/covers/upload', { body, timeout: 60_000 }).json<{ cover: BlogCover }>();
}

export const postsQuery = (query: PostListQuery) =>
  queryOptions({ queryKey: ['blog', 'posts', query], queryFn: () => getPosts(query) });

export const postQuery = (slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => getPost(slug) });

export const commentsQuery = (postId: string) =>
  queryOptions({ queryKey: ['blog', 'comments', postId], queryFn: () => getComments(postId) });
