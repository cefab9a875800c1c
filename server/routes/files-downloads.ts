// The downloads page's calls (server/files/downloads.ts): what the caller can download, and
// recording that they downloaded one.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { downloadRecordSchema } from '../contracts/files.ts';
import { listDownloads, recordDownload } from '../files/downloads.ts';
import { routeGroup } from '../openapi/route.ts';

export const fileDownloadRoutes = new Hono<AppEnv>();
fileDownloadRoutes.use('*', requireUser);
const files = routeGroup({ tag: 'Files', access: 'user' });

fileDownloadRoutes.get('/', files('Files, attachments and invoices sent to me.'), async (c) =>
  c.json({ downloads: await listDownloads(c.var.deps, currentUser(c).id) }),
);

fileDownloadRoutes.post(
  '/record',
  files('Remember that I downloaded one.', { body: downloadRecordSchema }),
  async (c) => {
    const input = c.req.valid('json');
    await recordDownload(c.var.deps.database.db, currentUser(c).id, input);
    return c.json({ recorded: true });
  },
);
