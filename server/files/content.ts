// A file manager item's bytes as an HTTP answer: the file itself (shown in the page, or as a
// download) or its thumbnail (WebP), for a user who may read it (./access.ts; anyone else:
// "not found").
import { eq } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { fileItems } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { blobResponse } from '../storage/serve.ts';
import { storageOf } from '../storage/storage.ts';
import { requireAccess } from './access.ts';
import type { LinkVariant } from './links.ts';

export async function itemContent(
  deps: AppDeps,
  request: Request,
  userId: string,
  id: string,
  variant: LinkVariant,
): Promise<Response> {
  const db = deps.database.db;
  await requireAccess(db, userId, id);
  const [row] = await db.select().from(fileItems).where(eq(fileItems.id, id));
  const hash = variant === 'thumbnail' ? row?.thumbnailHash : row?.blobHash;
  if (!row || !hash) throw notFound('No such file.');
  const storage = storageOf(deps);
  const thumbnail = variant === 'thumbnail';
  return blobResponse(
    request,
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
