// Blog REST calls under /api/blog. Reads are open to visitors (published posts, their
// comments and covers); writes need a signed-in user, and a post is changed only by its
// author (server/blog/write.ts), a comment deleted by its writer or the post's author
// (server/blog/comments.ts).
import { Hono } from 'hono';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import { createComment, deleteComment, listComments } from '../blog/comments.ts';
import { coverResponse, uploadCover } from '../blog/cover-store.ts';
import { getPost, listPosts } from '../blog/posts.ts';
import { countView, viewerKeys } from '../blog/views.ts';
import { createPost, deletePost, setPublished, updatePost } from '../blog/write.ts';
import type { AppEnv } from '../context.ts';
import {
  commentIdSchema,
  commentInputSchema,
  commentListQuery,
  MAX_COVER_BYTES,
  postIdSchema,
  postInputSchema,
  postListQuery,
  postUpdateSchema,
  publishSchema,
  slugQuery,
} from '../contracts/blog.ts';
import { ApiError, badRequest, parseJson, parseQuery } from '../lib/errors.ts';

export const blogRoutes = new Hono<AppEnv>();

const viewer = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? null;

blogRoutes.get('/posts', optionalUser, async (c) => {
  const query = parseQuery(c, postListQuery);
  return c.json(await listPosts(c.var.deps.database.db, viewer(c), query));
});

blogRoutes.get('/post', optionalUser, async (c) => {
  const { slug } = parseQuery(c, slugQuery);
  return c.json({ post: await getPost(c.var.deps.database.db, viewer(c), { slug }) });
});

blogRoutes.post('/posts/view', optionalUser, async (c) => {
  const { id } = await parseJson(c, postIdSchema);
  return c.json(await countView(c.var.deps.database.db, id, viewerKeys(viewer(c), c.var.clientIp)));
});

blogRoutes.post('/posts/new', requireUser, async (c) => {
  const input = await parseJson(c, postInputSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  const id = await createPost(db, userId, input);
  return c.json({ post: await getPost(db, userId, { id }) }, 201);
});

blogRoutes.post('/posts/update', requireUser, async (c) => {
  const { id, post: changes } = await parseJson(c, postUpdateSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  await updatePost(db, userId, id, changes);
  return c.json({ post: await getPost(db, userId, { id }) });
});

blogRoutes.post('/posts/publish', requireUser, async (c) => {
  const { id, published } = await parseJson(c, publishSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  await setPublished(db, userId, id, published);
  return c.json({ post: await getPost(db, userId, { id }) });
});

blogRoutes.post('/posts/delete', requireUser, async (c) => {
  const { id } = await parseJson(c, postIdSchema);
  await deletePost(c.var.deps.database.db, currentUser(c).id, id);
  return c.json({ deleted: id });
});

blogRoutes.get('/comments', optionalUser, async (c) => {
  const { postId } = parseQuery(c, commentListQuery);
  return c.json({ comments: await listComments(c.var.deps.database.db, viewer(c), postId) });
});

blogRoutes.post('/comments/new', requireUser, async (c) => {
  const input = await parseJson(c, commentInputSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  const id = await createComment(db, userId, input);
  const comment = (await listComments(db, userId, input.postId)).find((x) => x.id === id);
  return c.json({ comment }, 201);
});

blogRoutes.post('/comments/delete', requireUser, async (c) => {
  const { commentId } = await parseJson(c, commentIdSchema);
  await deleteComment(c.var.deps.database.db, currentUser(c).id, commentId);
  return c.json({ deleted: commentId });
});

const fileError = (status: 400 | 413, message: string) =>
  new ApiError(status, message, { file: message });

blogRoutes.post('/covers/upload', requireUser, async (c) => {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw fileError(400, 'Send the image as multipart/form-data in the field "file".');
  }
  const file = form.file;
  if (!(file instanceof File))
    throw fileError(400, 'Missing file: send the image in the field "file".');
  if (file.size === 0) throw fileError(400, 'The file is empty.');
  if (file.size > MAX_COVER_BYTES)
    throw fileError(413, `A cover image may be at most ${MAX_COVER_BYTES / 1024 / 1024} MB.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  return c.json({ cover: await uploadCover(c.var.deps, currentUser(c).id, bytes) }, 201);
});

const COVER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

blogRoutes.get('/covers/:id/:size{card}?', async (c) => {
  const id = c.req.param('id');
  if (!COVER_ID.test(id)) throw badRequest('Invalid cover id.', { id: 'Invalid id.' });
  const size = c.req.param('size') === 'card' ? 'card' : 'cover';
  return coverResponse(c.var.deps, c.req.raw, id, size);
});
