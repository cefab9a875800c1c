// Sharing a file manager item with other users (server/files/commands.ts), behind the
// `requireUser` of files.ts, which mounts these routes.
import { Hono } from 'hono';

import { currentUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { shareSchema } from '../contracts/files.ts';
import { listShares, shareItem, unshareItem } from '../files/commands.ts';
import { idPattern, itemIdParam, routeGroup } from '../openapi/route.ts';

export const fileShareRoutes = new Hono<AppEnv>();
const files = routeGroup({ tag: 'Files', access: 'user' });
const itemAndUser = itemIdParam.extend({ userId: idPattern });

fileShareRoutes.get(
  '/items/:id/shares',
  files('Who an item is shared with.', { params: itemIdParam }),
  async (c) => {
    const id = c.req.valid('param').id;
    return c.json({ shares: await listShares(c.var.deps, currentUser(c).id, id) });
  },
);

fileShareRoutes.post(
  '/items/:id/shares',
  files('Share an item with someone.', { params: itemIdParam, body: shareSchema, status: 201 }),
  async (c) => {
    const id = c.req.valid('param').id;
    const { email, role } = c.req.valid('json');
    return c.json({ shares: await shareItem(c.var.deps, currentUser(c).id, id, email, role) }, 201);
  },
);

fileShareRoutes.delete(
  '/items/:id/shares/:userId',
  files('Stop sharing an item with someone.', { params: itemAndUser }),
  async (c) => {
    const { id, userId } = c.req.valid('param');
    return c.json({ shares: await unshareItem(c.var.deps, currentUser(c).id, id, userId) });
  },
);
