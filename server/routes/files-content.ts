// The bytes of the file manager: signed links (for <img>, <video>, <iframe>, <a download>),
// the same with the bearer token, a plain streaming upload (PUT, for scripts and the upload
// benchmark) and resumable uploads (tus). These paths stream: app.ts leaves their bodies to
// the size checks here instead of its JSON body limit.
import { Hono, type Context } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { fileName } from '../contracts/files.ts';
import { itemContent } from '../files/content.ts';
import { LINK_VARIANTS, verifyLink, type LinkVariant } from '../files/links.ts';
import { cleanType } from '../files/store.ts';
import { safeUploadName } from '../files/tus.ts';
import { handleTusRequest, uploadBody } from '../files/uploads.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { route } from '../openapi/route.ts';

export const fileContentRoutes = new Hono<AppEnv>();
const files = { tag: 'Files', access: 'user' } as const;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// the link routes check their own parameters: a malformed one is "not found" like a forged one
const link = route({
  ...files,
  access: 'public',
  summary: 'A file by signed link (for <img> and downloads).',
  produces: 'application/octet-stream',
});
fileContentRoutes.get('/link/:id/:variant', link, async (c) => {
  const id = c.req.param('id');
  const variant = c.req.param('variant');
  if (!ID.test(id) || !(LINK_VARIANTS as readonly string[]).includes(variant)) throw notFound();
  const userId = verifyLink(c.var.deps, id, variant, c.req.query());
  // a forged or expired link tells nothing more than an unknown id
  if (!userId) throw notFound('This link is not valid (any more).');
  return itemContent(c.var.deps, c.req.raw, userId, id, variant as LinkVariant);
});

const content = route({
  ...files,
  summary: 'A file I can read (`download=1`: as an attachment).',
  produces: 'application/octet-stream',
});
fileContentRoutes.get('/items/:id/content', requireUser, content, async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id)) throw badRequest('Invalid id.', { id: 'Must be an id.' });
  const variant = c.req.query('download') === '1' ? 'download' : 'content';
  return itemContent(c.var.deps, c.req.raw, currentUser(c).id, id, variant);
});

const upload = route({
  ...files,
  summary: 'Upload a file in one request (its bytes are the body).',
  query: z.object({ name: fileName, parentId: z.string().regex(ID, 'Must be an id.').optional() }),
  readQuery: (q) => ({
    name: safeUploadName(q.name?.[0] ?? ''),
    parentId: q.parentId?.[0] || undefined,
  }),
  raw: 'application/octet-stream',
  status: 201,
});
fileContentRoutes.put('/content', requireUser, upload, async (c) => {
  const user = currentUser(c);
  const { name, parentId = null } = c.req.valid('query');
  const contentType = cleanType(c.req.header('content-type'));
  const declared = Number(c.req.header('content-length'));
  if (!Number.isFinite(declared) || declared <= 0)
    throw new ApiError(411, 'Send the size of the file (Content-Length).', {
      file: 'Size unknown.',
    });
  const file = { name, parentId, contentType, size: declared };
  return c.json(await uploadBody(c.var.deps, user.id, file, c.req.raw.body), 201);
});

// the tus protocol answers several methods on each path (HEAD through Hono's GET routing)
const tusStart = route({
  ...files,
  summary: 'Start a resumable upload (tus 1.0).',
  methods: ['POST', 'OPTIONS'],
});
const tusUpload = route({
  ...files,
  summary: 'Continue, inspect or cancel a resumable upload (tus 1.0).',
  methods: ['HEAD', 'PATCH', 'DELETE'],
});
fileContentRoutes.all('/tus/*', requireUser, tusUpload, tusHandler);
fileContentRoutes.all('/tus', requireUser, tusStart, tusHandler);

async function tusHandler(c: Context<AppEnv>) {
  if (c.req.method === 'GET') throw notFound();
  return handleTusRequest(c.var.deps, c.req.raw, currentUser(c));
}
