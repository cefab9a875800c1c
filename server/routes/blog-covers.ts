// Blog cover images: uploading one (multipart, checked here by size, then by server/blog/
// cover-store.ts) and serving it in its two sizes to anyone.
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import { coverResponse, uploadCover } from '../blog/cover-store.ts';
import type { AppEnv } from '../context.ts';
import { MAX_COVER_BYTES } from '../contracts/blog.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { fileForm, route } from '../openapi/route.ts';

export const blogCoverRoutes = new Hono<AppEnv>();

const fileError = (status: 400 | 413, message: string) =>
  new ApiError(status, message, { file: message });

const upload = route({
  tag: 'Blog',
  access: 'user',
  summary: 'Upload a cover image (multipart, field "file").',
  form: fileForm,
  status: 201,
});
blogCoverRoutes.post('/covers/upload', requireUser, upload, async (c) => {
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

// the id is checked by the handler (its own 400); a size other than `card` is not routed
const cover = route({
  tag: 'Blog',
  access: 'public',
  summary: 'A cover image (`/card`: the small one).',
  params: z.object({ id: z.string(), size: z.literal('card').optional() }),
  produces: 'image/webp',
});
blogCoverRoutes.get('/covers/:id/:size{card}?', cover, async (c) => {
  const id = c.req.param('id');
  if (!COVER_ID.test(id)) throw badRequest('Invalid cover id.', { id: 'Invalid id.' });
  const size = c.req.param('size') === 'card' ? 'card' : 'cover';
  return coverResponse(c.var.deps, c.req.raw, id, size);
});
