// The two ways a file's bytes arrive: a plain streamed body (PUT, for scripts and the upload
// benchmark) and resumable uploads (tus, ./tus.ts). Both are checked against the type's limit
// and the quota before any byte is kept (./store.ts checkUpload). The tus server is made once
// per running server's dependencies.
import { eq } from 'drizzle-orm';

import type { AppDeps, AuthUser } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { itemFor } from './item.ts';
import { addFile, checkUpload, stageBody } from './store.ts';
import { asUploader, createTusServer, type TusUploads } from './tus.ts';

export async function uploadBody(
  deps: AppDeps,
  userId: string,
  file: { name: string; parentId: string | null; contentType: string; size: number },
  body: ReadableStream<Uint8Array> | null,
) {
  await checkUpload(deps, userId, file);
  if (!body) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  const filePath = await stageBody(deps, body, file.size);
  const { parentId, name, contentType } = file;
  const row = await addFile(deps, userId, { parentId, name, contentType, filePath });
  return itemFor(deps, userId, row.id);
}

const tusServers = new WeakMap<AppDeps, TusUploads>();

/** Answers a signed-in user's tus request (the uploader's name goes into the file's record). */
export async function handleTusRequest(deps: AppDeps, request: Request, user: AuthUser) {
  let tus = tusServers.get(deps);
  if (!tus) {
    tus = createTusServer(deps);
    tusServers.set(deps, tus);
  }
  const [me] = await deps.database.db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  asUploader(request, {
    id: user.id,
    email: user.email,
    name: `${me?.first ?? ''} ${me?.last ?? ''}`.trim(),
  });
  return tus.handle(request);
}
