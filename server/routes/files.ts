// File manager REST calls: listing views, folders, rename, move, trash and restore,
// favourites, sharing, the storage overview and limits. Every call is behind `requireUser`;
// an item the caller may not read is "not found" (server/files/access.ts).
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  CATEGORY_LIMITS,
  favouriteSchema,
  fileListQuery,
  folderCreateSchema,
  idsSchema,
  moveSchema,
  renameSchema,
  shareSchema,
} from '../contracts/files.ts';
import {
  createFolder,
  deleteForever,
  listShares,
  moveItems,
  renameItem,
  restoreItems,
  setFavourite,
  shareItem,
  trashItems,
  unshareItem,
} from '../files/commands.ts';
import { itemFor } from '../files/item.ts';
import { storageOverview } from '../files/overview.ts';
import { listItems } from '../files/queries.ts';
import { badRequest, parseJson, parseQuery } from '../lib/errors.ts';
import { quotaUsage } from '../storage/quota.ts';

export const fileRoutes = new Hono<AppEnv>();
fileRoutes.use('*', requireUser);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function idParam(value: string | undefined, field = 'id'): string {
  if (!value || !ID.test(value)) throw badRequest('Invalid id.', { [field]: 'Must be an id.' });
  return value;
}

fileRoutes.get('/items', async (c) => {
  const query = parseQuery(c, fileListQuery);
  return c.json(await listItems(c.var.deps, currentUser(c).id, query));
});

fileRoutes.get('/items/:id', async (c) => {
  return c.json(await itemFor(c.var.deps, currentUser(c).id, idParam(c.req.param('id'))));
});

fileRoutes.post('/folders', async (c) => {
  const { name, parentId } = await parseJson(c, folderCreateSchema);
  const user = currentUser(c);
  const row = await createFolder(c.var.deps, user.id, name, parentId);
  return c.json(await itemFor(c.var.deps, user.id, row.id), 201);
});

fileRoutes.patch('/items/:id', async (c) => {
  const id = idParam(c.req.param('id'));
  const { name } = await parseJson(c, renameSchema);
  await renameItem(c.var.deps, currentUser(c).id, id, name);
  return c.json(await itemFor(c.var.deps, currentUser(c).id, id));
});

fileRoutes.post('/items/move', async (c) => {
  const { ids, parentId } = await parseJson(c, moveSchema);
  await moveItems(c.var.deps, currentUser(c).id, ids, parentId);
  return c.json({ moved: ids });
});

fileRoutes.post('/items/trash', async (c) => {
  const { ids } = await parseJson(c, idsSchema);
  await trashItems(c.var.deps, currentUser(c).id, ids);
  return c.json({ trashed: ids });
});

fileRoutes.post('/items/restore', async (c) => {
  const { ids } = await parseJson(c, idsSchema);
  await restoreItems(c.var.deps, currentUser(c).id, ids);
  return c.json({ restored: ids });
});

fileRoutes.post('/items/delete', async (c) => {
  const { ids } = await parseJson(c, idsSchema);
  return c.json({ deleted: await deleteForever(c.var.deps, currentUser(c).id, ids) });
});

fileRoutes.post('/trash/empty', async (c) => {
  return c.json({ deleted: await deleteForever(c.var.deps, currentUser(c).id, 'all') });
});

fileRoutes.post('/items/favourite', async (c) => {
  const { ids, favourite } = await parseJson(c, favouriteSchema);
  await setFavourite(c.var.deps, currentUser(c).id, ids, favourite);
  return c.json({ ids, favourite });
});

fileRoutes.get('/items/:id/shares', async (c) => {
  const id = idParam(c.req.param('id'));
  return c.json({ shares: await listShares(c.var.deps, currentUser(c).id, id) });
});

fileRoutes.post('/items/:id/shares', async (c) => {
  const id = idParam(c.req.param('id'));
  const { email, role } = await parseJson(c, shareSchema);
  return c.json({ shares: await shareItem(c.var.deps, currentUser(c).id, id, email, role) }, 201);
});

fileRoutes.delete('/items/:id/shares/:userId', async (c) => {
  const id = idParam(c.req.param('id'));
  const userId = idParam(c.req.param('userId'), 'userId');
  return c.json({ shares: await unshareItem(c.var.deps, currentUser(c).id, id, userId) });
});

fileRoutes.get('/overview', async (c) => {
  return c.json(await storageOverview(c.var.deps, currentUser(c).id));
});

fileRoutes.get('/limits', async (c) => {
  const usage = await quotaUsage(c.var.deps, currentUser(c).id);
  return c.json({
    ...usage,
    maxUpload: c.var.deps.env.UPLOAD_MAX_BYTES,
    categories: CATEGORY_LIMITS,
  });
});
