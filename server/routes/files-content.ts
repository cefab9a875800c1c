// The bytes of the file manager: signed links (for <img>, <video>, <iframe>, <a download>),
// the same with the bearer token, a plain streaming upload (PUT, for scripts and the upload
// benchmark) and resumable uploads (tus). These paths stream: app.ts leaves their bodies to
// the size checks here instead of its JSON body limit.
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { fileName } from '../contracts/files.ts';
import { fileItems, users } from '../db/schema/index.ts';
import { requireAccess } from '../files/access.ts';
import { itemFor } from '../files/item.ts';
import { LINK_VARIANTS, verifyLink, type LinkVariant } from '../files/links.ts';
import { addFile, checkUpload, cleanType, stageBody } from '../files/store.ts';
import { asUploader, createTusServer, safeUploadName, type TusUploads } from '../files/tus.ts';
import { ApiError, badRequest, notFound, validate } from '../lib/errors.ts';
import { blobResponse } from '../storage/serve.ts';
import { storageOf } from '../storage/storage.ts';

export const fileContentRoutes = new Hono<AppEnv>();

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function serveItem(c: Context<AppEnv>, userId: string, id: string, variant: LinkVariant) {
  const db = c.var.deps.database.db;
  await requireAccess(db, userId, id);
  const [row] = await db.select().from(fileItems).where(eq(fileItems.id, id));
  const hash = variant === 'thumbnail' ? row?.thumbnailHash : row?.blobHash;
  if (!row || !hash) throw notFound('No such file.');
  const storage = storageOf(c.var.deps);
  const thumbnail = variant === 'thumbnail';
  return blobResponse(
    c.req.raw,
    storage,
    {
      hash,
      size: thumbnail ? ((await storage.size(hash)) ?? 0) : row.size,
      contentType: thumbnail ? 'image/webp' : (row.contentType ?? 'application/octet-stream'),
      fileName: thumbnail ? `${row.name}.webp` : row.name,
    },
    { inline: variant !== 'download' },
  );
}

fileContentRoutes.get('/link/:id/:variant', async (c) => {
  const id = c.req.param('id');
  const variant = c.req.param('variant');
  if (!ID.test(id) || !(LINK_VARIANTS as readonly string[]).includes(variant)) throw notFound();
  const userId = verifyLink(c.var.deps, id, variant, c.req.query());
  // a forged or expired link tells nothing more than an unknown id
  if (!userId) throw notFound('This link is not valid (any more).');
  return serveItem(c, userId, id, variant as LinkVariant);
});

fileContentRoutes.get('/items/:id/content', requireUser, async (c) => {
  const id = c.req.param('id');
  if (!ID.test(id)) throw badRequest('Invalid id.', { id: 'Must be an id.' });
  const variant = c.req.query('download') === '1' ? 'download' : 'content';
  return serveItem(c, currentUser(c).id, id, variant);
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
  await checkUpload(c.var.deps, user.id, { parentId, contentType, size: declared });
  if (!c.req.raw.body) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  const filePath = await stageBody(c.var.deps, c.req.raw.body, declared);
  const row = await addFile(c.var.deps, user.id, { parentId, name, contentType, filePath });
  return c.json(await itemFor(c.var.deps, user.id, row.id), 201);
});

const tusServers = new WeakMap<object, TusUploads>();

fileContentRoutes.all('/tus/*', requireUser, tusHandler);
fileContentRoutes.all('/tus', requireUser, tusHandler);

async function tusHandler(c: Context<AppEnv>) {
  if (c.req.method === 'GET') throw notFound();
  let tus = tusServers.get(c.var.deps);
  if (!tus) {
    tus = createTusServer(c.var.deps);
    tusServers.set(c.var.deps, tus);
  }
  const user = currentUser(c);
  const [me] = await c.var.deps.database.db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  asUploader(c.req.raw, {
    id: user.id,
    email: user.email,
    name: `${me?.first ?? ''} ${me?.last ?? ''}`.trim(),
  });
  return tus.handle(c.req.raw);
}
