// Resumable uploads (the tus protocol, @tus/server) at /api/files/tus. Bytes arrive in
// DATA_DIR/uploads (@tus/file-store keeps the offset on disk, so an upload survives a dropped
// connection and a server restart); when the last byte is in, the file moves into storage and
// becomes a row (store.ts). The bearer token is checked by the route before tus sees the
// request; the uploader's id is written into the upload's metadata by the server, and every
// later HEAD/PATCH/DELETE of that upload must come from the same user (anyone else: 404).
// Limits per type, the size cap and the quota are checked when the upload is created, before
// any byte is sent. Uploads are locked in process memory (@tus/server's MemoryLocker): with
// several API processes, route /api/files/tus/<id> to one of them (sticky by path).
import fs from 'node:fs';
import path from 'node:path';

import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';

import type { AppDeps } from '../context.ts';
import { fileName } from '../contracts/files.ts';
import { ApiError } from '../lib/errors.ts';
import { itemFor } from './item.ts';
import { checkUpload, addFile, cleanType } from './store.ts';

export const TUS_PATH = '/api/files/tus';

/** An uploaded file's name as one harmless segment: "../../x.txt" becomes "x.txt". */
export function safeUploadName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch !== '\u007f')
    .join('')
    .replace(/^\.+$/, '');
}

const uploaders = new WeakMap<Request, { id: string; name: string; email: string }>();

/** Marks a request as coming from this signed-in user before tus handles it. */
export function asUploader(request: Request, user: { id: string; name: string; email: string }) {
  uploaders.set(request, user);
}

/** What @tus/server answers for a thrown error: its status_code and body. */
class TusAnswer extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

function tusError(error: unknown): never {
  if (error instanceof ApiError) {
    throw new TusAnswer(
      error.status,
      JSON.stringify(
        error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
      ),
    );
  }
  throw error;
}

function uploaderOf(req: Request) {
  const user = uploaders.get(req);
  if (!user) throw new TusAnswer(401, JSON.stringify({ error: 'Authentication required.' }));
  return user;
}

export function createTusServer(deps: AppDeps): Server {
  const directory = path.join(deps.env.dataDir, 'uploads');
  fs.mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory });

  const finish = async (req: Request, upload: Upload) => {
    const user = uploaderOf(req);
    const meta = upload.metadata ?? {};
    try {
      const row = await addFile(deps, user.id, {
        parentId: meta.parentId || null,
        name: meta.filename ?? 'file',
        contentType: meta.filetype ?? 'application/octet-stream',
        filePath: path.join(directory, upload.id),
      });
      const { item } = await itemFor(deps, user.id, row.id);
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ item }),
      };
    } catch (error) {
      tusError(error);
    } finally {
      await datastore.remove(upload.id).catch(() => undefined);
    }
  };

  return new Server({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: false,
    maxSize: deps.env.UPLOAD_MAX_BYTES,
    async onUploadCreate(req, upload) {
      const user = uploaderOf(req);
      const meta = upload.metadata ?? {};
      const name = fileName.safeParse(safeUploadName(meta.filename ?? ''));
      if (!name.success) {
        tusError(
          new ApiError(400, 'The file name is not valid.', { name: name.error.issues[0]!.message }),
        );
      }
      if (upload.size === undefined) {
        tusError(
          new ApiError(400, 'Send the size of the file (Upload-Length).', {
            file: 'Size unknown.',
          }),
        );
      }
      const parentId =
        meta.parentId && /^[0-9a-f-]{36}$/.test(meta.parentId) ? meta.parentId : null;
      const contentType = cleanType(meta.filetype);
      await checkUpload(deps, user.id, { parentId, contentType, size: upload.size }).catch(
        tusError,
      );
      return {
        metadata: {
          filename: name.data,
          filetype: contentType,
          parentId: parentId ?? '',
          userId: user.id,
        },
      };
    },
    async onIncomingRequest(req, uploadId) {
      const user = uploaderOf(req);
      // a POST names the upload it is about to create
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.userId !== user.id) {
        throw new TusAnswer(404, JSON.stringify({ error: 'No such upload.' }));
      }
    },
    onUploadFinish: (req, upload) => finish(req, upload),
  });
}
