// Blog REST calls under /api/blog. Reads are open to visitors (published posts, their
// comments and covers); writes need a signed-in user, and a post is changed only by its
// author (server/blog/write.ts), a comment deleted by its writer or the post's author
// (server/blog/comments.ts). Covers are blog-covers.ts's.
import { Hono } from 'hono';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import { createComment, deleteComment, listComments } from '../blog/comments.ts';
import { getPost, listPosts } from '../blog/posts.ts';
import { countView, viewerKeys } from '../blog/views.ts';
import { createPost, deletePost, setPublished, updatePost } from '../blog/write.ts';
import type { AppEnv } from '../context.ts';
import {
  commentIdSchema,
  commentInputSchema,
  commentListQuery,
  postIdSchema,
  postInputSchema,
  postListQuery,
  postUpdateSchema,
  publishSchema,
  slugQuery,
} from '../contracts/blog.ts';
import { routeGroup } from '../openapi/route.ts';
import { blogCoverRoutes } from './blog-covers.ts';

export const blogRoutes = new Hono<AppEnv>();

const read = routeGroup({ tag: 'Blog', access: 'optional' });
const write = routeGroup({ tag: 'Blog', access: 'user' });
const viewer = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? null;

blogRoutes.get(
  '/posts',
  optionalUser,
  read('Published posts (and my drafts when signed in), paged.', { query: postListQuery }),
  async (c) => {
    const query = c.req.valid('query');
    return c.json(await listPosts(c.var.deps.database.db, viewer(c), query));
  },
);

blogRoutes.get(
  '/post',
  optionalUser,
  read('One post by URL name.', { query: slugQuery }),
  async (c) => {
    const { slug } = c.req.valid('query');
    return c.json({ post: await getPost(c.var.deps.database.db, viewer(c), { slug }) });
  },
);

blogRoutes.post(
  '/posts/view',
  optionalUser,
  read('Count a view of a post.', { body: postIdSchema }),
  async (c) => {
    const { id } = c.req.valid('json');
    return c.json(
      await countView(c.var.deps.database.db, id, viewerKeys(viewer(c), c.var.clientIp)),
    );
  },
);

blogRoutes.post(
  '/posts/new',
  requireUser,
  write('Write a post.', { body: postInputSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    const userId = currentUser(c).id;
    const db = c.var.deps.database.db;
    const id = await createPost(db, userId, input);
    return c.json({ post: await getPost(db, userId, { id }) }, 201);
  },
);

blogRoutes.post(
  '/posts/update',
  requireUser,
  write('Change my post.', { body: postUpdateSchema }),
  async (c) => {
    const { id, post: changes } = c.req.valid('json');
    const userId = currentUser(c).id;
    const db = c.var.deps.database.db;
    await updatePost(db, userId, id, changes);
    return c.json({ post: await getPost(db, userId, { id }) });
  },
);

blogRoutes.post(
  '/posts/publish',
  requireUser,
  write('Publish or unpublish my post.', { body: publishSchema }),
  async (c) => {
    const { id, published } = c.req.valid('json');
    const userId = currentUser(c).id;
    const db = c.var.deps.database.db;
    await setPublished(db, userId, id, published);
    return c.json({ post: await getPost(db, userId, { id }) });
  },
);

blogRoutes.post(
  '/posts/delete',
  requireUser,
  write('Delete my post.', { body: postIdSchema }),
  async (c) => {
    const { id } = c.req.valid('json');
    await deletePost(c.var.deps.database.db, currentUser(c).id, id);
    return c.json({ deleted: id });
  },
);

blogRoutes.get(
  '/comments',
  optionalUser,
  read("A post's comments.", { query: commentListQuery }),
  async (c) => {
    const { postId } = c.req.valid('query');
    return c.json({ comments: await listComments(c.var.deps.database.db, viewer(c), postId) });
  },
);

blogRoutes.post(
  '/comments/new',
  requireUser,
  write('Comment on a post.', { body: commentInputSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    const userId = currentUser(c).id;
    const db = c.var.deps.database.db;
    const id = await createComment(db, userId, input);
    const comment = (await listComments(db, userId, input.postId)).find((x) => x.id === id);
    return c.json({ comment }, 201);
  },
);

blogRoutes.post(
  '/comments/delete',
  requireUser,
  write('Delete my comment.', { body: commentIdSchema }),
  async (c) => {
    const { commentId } = c.req.valid('json');
    await deleteComment(c.var.deps.database.db, currentUser(c).id, commentId);
    return c.json({ deleted: commentId });
  },
);

blogRoutes.route('/', blogCoverRoutes);
