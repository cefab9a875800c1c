// The bytes of the file manager: signed links (for <img>, <video>, <iframe>, <a download>),
// the same with the bearer token, a plain streaming upload (PUT, for scripts and the upload
// benchmark) and resumable uploads (tus). These paths stream: app.ts leaves their bodies to
// the size checks here instead of its JSON body limit.
import { Hono, type Context } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { fileName } from '../contracts/files.ts';
import { itemContent } from '../files/content.ts';
import { LINK_VARIANTS, verifyLink, type LinkVariant } from '../files/links.ts';
import { cleanType } from '../files/store.ts';
import { safeUploadName } from '../files/tus.ts';
import { handleTusRequest, uploadBody } from '../files/uploads.ts';
import { ApiError, badRequest, notFound, validate } from '../lib/errors.ts';

export const fileContentRoutes = new Hono<AppEnv>();

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

fileContentRoutes.get('/link/:id/:variant', async (c) => {
  const id = c.req.param('id');
  const variant = c.req.param('variant');
  if (!ID.test(id) || !(LINK_VARIANTS as readonly string[]).includes(variant)) throw notFound();
  const userId = verifyLink(c.var.deps, id, variant, c.req.query());
  // a forged or expired link tells nothing more than an unknown id
  if (!userId) throw notFound('This link is not valid (any more).');
  return itemContent(c.var.deps, c.req.raw, userId, id, variant as LinkVariant);
});

fileContentRoutes.get('/items/:id/content', requireUser, async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id)) throw badRequest('Invalid id.', { id: 'Must be an id.' });
  const variant = c.req.query('download') === '1' ? 'download' : 'content';
  return itemContent(c.var.deps, c.req.raw, currentUser(c).id, id, variant);
});

fileContentRoutes.put('/content', requireUser, async (c) => {
  const user = currentUser(c);
  const name = validate(fileName, safeUploadName(c.req.query('name') ?? ''));
  const parentId = c.req.query('parentId') || null;
  if (parentId && !ID.test(parentId))
    throw badRequest('Invalid folder.', { parentId: 'Must be an id.' });
  const contentType = cleanType(c.req.header('content-type'));
  const declared = Number(c.req.header('content-length'));
  if (!Number.isFinite(declared) || declared <= 0)
    throw new ApiError(411, 'Send the size of the file (Content-Length).', {
      file: 'Size unknown.',
    });
  const file = { name, parentId, contentType, size: declared };
  return c.json(await uploadBody(c.var.deps, user.id, file, c.req.raw.body), 201);
});

fileContentRoutes.all('/tus/*', requireUser, tusHandler);
fileContentRoutes.all('/tus', requireUser, tusHandler);

async function tusHandler(c: Context<AppEnv>) {
  if (c.req.method === 'GET') throw notFound();
  return handleTusRequest(c.var.deps, c.req.raw, currentUser(c));
}
