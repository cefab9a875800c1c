// File manager REST calls: listing views, folders, rename, move, trash and restore,
// favourites, the storage overview and limits (sharing is files-shares.ts's). Every call is behind `requireUser`;
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
} from '../contracts/files.ts';
import {
  createFolder,
  deleteForever,
  moveItems,
  renameItem,
  restoreItems,
  setFavourite,
  trashItems,
} from '../files/commands.ts';
import { itemFor } from '../files/item.ts';
import { storageOverview } from '../files/overview.ts';
import { listItems } from '../files/queries.ts';
import { itemIdParam, routeGroup } from '../openapi/route.ts';
import { quotaUsage } from '../storage/quota.ts';
import { fileShareRoutes } from './files-shares.ts';

export const fileRoutes = new Hono<AppEnv>();
fileRoutes.use('*', requireUser);
const files = routeGroup({ tag: 'Files', access: 'user' });

fileRoutes.get(
  '/items',
  files('A folder, search or view of my files.', { query: fileListQuery }),
  async (c) => {
    const query = c.req.valid('query');
    return c.json(await listItems(c.var.deps, currentUser(c).id, query));
  },
);

fileRoutes.get('/items/:id', files('One item.', { params: itemIdParam }), async (c) => {
  return c.json(await itemFor(c.var.deps, currentUser(c).id, c.req.valid('param').id));
});

fileRoutes.post(
  '/folders',
  files('Create a folder.', { body: folderCreateSchema, status: 201 }),
  async (c) => {
    const { name, parentId } = c.req.valid('json');
    const user = currentUser(c);
    const row = await createFolder(c.var.deps, user.id, name, parentId);
    return c.json(await itemFor(c.var.deps, user.id, row.id), 201);
  },
);

fileRoutes.patch(
  '/items/:id',
  files('Rename an item.', { params: itemIdParam, body: renameSchema }),
  async (c) => {
    const id = c.req.valid('param').id;
    const { name } = c.req.valid('json');
    await renameItem(c.var.deps, currentUser(c).id, id, name);
    return c.json(await itemFor(c.var.deps, currentUser(c).id, id));
  },
);

fileRoutes.post('/items/move', files('Move items.', { body: moveSchema }), async (c) => {
  const { ids, parentId } = c.req.valid('json');
  await moveItems(c.var.deps, currentUser(c).id, ids, parentId);
  return c.json({ moved: ids });
});

fileRoutes.post(
  '/items/trash',
  files('Move items to the trash.', { body: idsSchema }),
  async (c) => {
    const { ids } = c.req.valid('json');
    await trashItems(c.var.deps, currentUser(c).id, ids);
    return c.json({ trashed: ids });
  },
);

fileRoutes.post(
  '/items/restore',
  files('Restore items from the trash.', { body: idsSchema }),
  async (c) => {
    const { ids } = c.req.valid('json');
    await restoreItems(c.var.deps, currentUser(c).id, ids);
    return c.json({ restored: ids });
  },
);

fileRoutes.post(
  '/items/delete',
  files('Delete items for good.', { body: idsSchema }),
  async (c) => {
    const { ids } = c.req.valid('json');
    return c.json({ deleted: await deleteForever(c.var.deps, currentUser(c).id, ids) });
  },
);

fileRoutes.post('/trash/empty', files('Empty the trash.'), async (c) => {
  return c.json({ deleted: await deleteForever(c.var.deps, currentUser(c).id, 'all') });
});

fileRoutes.post(
  '/items/favourite',
  files('Mark items as favourites.', { body: favouriteSchema }),
  async (c) => {
    const { ids, favourite } = c.req.valid('json');
    await setFavourite(c.var.deps, currentUser(c).id, ids, favourite);
    return c.json({ ids, favourite });
  },
);

fileRoutes.get('/overview', files('Storage used per category.'), async (c) => {
  return c.json(await storageOverview(c.var.deps, currentUser(c).id));
});

fileRoutes.get('/limits', files('Upload limits and my quota.'), async (c) => {
  const usage = await quotaUsage(c.var.deps, currentUser(c).id);
  return c.json({
    ...usage,
    maxUpload: c.var.deps.env.UPLOAD_MAX_BYTES,
    categories: CATEGORY_LIMITS,
  });
});

fileRoutes.route('/', fileShareRoutes);
