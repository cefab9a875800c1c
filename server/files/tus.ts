// Resumable uploads (the tus protocol, @tus/server) at /api/files/tus. Bytes arrive in
// DATA_DIR/uploads (@tus/file-store keeps the offset on disk, so an upload survives a dropped
// connection and a server restart); when the last byte is in, the file moves into storage and
// becomes a row (store.ts). The bearer token is checked by the route before tus sees the
// request; the uploader's id is written into the upload's metadata by the server, and every
// later HEAD/PATCH/DELETE of that upload must come from the same user (anyone else: 404).
// Limits per type, the size cap and the quota are checked when the upload is created, before
// any byte is sent, and its declared length is held against the quota until it ends; it
// expires after UPLOAD_EXPIRY_HOURS (unfinished-uploads.ts: `Upload-Expires`, then 410).
// Uploads are locked in process memory (@tus/server's MemoryLocker): with several API
// processes, route /api/files/tus/<id> to one of them (sticky by path).
import path from 'node:path';

import { Server, type Upload } from '@tus/server';

import type { AppDeps } from '../context.ts';
import { fileName, withoutUnsafeCharacters } from '../contracts/files.ts';
import { ApiError } from '../lib/errors.ts';
import { itemFor } from './item.ts';
import { addFile, cleanType, uploadedFile } from './store.ts';
import {
  releaseUpload,
  reserveUpload,
  uploadExpired,
  uploadExpiresAt,
  uploadStore,
} from './unfinished-uploads.ts';

export const TUS_PATH = '/api/files/tus';

/**
 * An uploaded file's name as one harmless segment: "../../x.txt" becomes "x.txt", and the
 * characters no stored name keeps (contracts/files.ts) are removed.
 */
export function safeUploadName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return withoutUnsafeCharacters(base).replace(/^\.+$/, '');
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

export interface TusUploads {
  server: Server;
  /** Answers a tus request of a user marked with `asUploader`. */
  handle: (req: Request) => Promise<Response>;
}

export function createTusServer(deps: AppDeps): TusUploads {
  const datastore = uploadStore(deps);
  const directory = datastore.directory;

  const finishing = new Map<
    string,
    Promise<{ status_code: number; headers: Record<string, string>; body: string }>
  >();
  const finish = (req: Request, upload: Upload) => {
    let running = finishing.get(upload.id);
    if (!running) {
      running = finishOnce(req, upload).finally(() => finishing.delete(upload.id));
      finishing.set(upload.id, running);
    }
    return running;
  };

  const finishOnce = async (req: Request, upload: Upload) => {
    const user = uploaderOf(req);
    const meta = upload.metadata ?? {};
    try {
      const row = await addFile(deps, user.id, {
        parentId: meta.parentId || null,
        name: meta.filename ?? 'file',
        contentType: meta.filetype ?? 'application/octet-stream',
        filePath: path.join(directory, upload.id),
        upload: { id: upload.id, size: upload.size ?? upload.offset },
      });
      const { item } = await itemFor(deps, user.id, row.id);
      const answer = {
        status_code: 200,
        headers: { 'Content-Type': 'application/json', 'Upload-Item': item.id },
        body: JSON.stringify({ item }),
      };
      await datastore.remove(upload.id).catch(() => undefined);
      return answer;
    } catch (error) {
      // a refusal ends the upload; anything else keeps it, to be finished on the next HEAD
      if (error instanceof ApiError) {
        await datastore.remove(upload.id).catch(() => undefined);
        await releaseUpload(deps.database.db, upload.id);
      }
      tusError(error);
    }
  };

  const complete = (size: number, itemId: string) =>
    new Response(null, {
      status: 200,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(size),
        'Upload-Length': String(size),
        'Cache-Control': 'no-store',
        'Upload-Item': itemId,
      },
    });

  /**
   * An upload whose bytes are all in but whose file was never made (the server stopped while
   * finishing it): made now, when its uploader asks where it stands (HEAD). An upload finished
   * already (its record is gone; file_uploads remembers it): complete, with its file, so a
   * client that missed the answer does not start it again. Answers the tus HEAD response, or
   * null to let tus answer.
   */
  const finishStalled = async (req: Request, uploadId: string) => {
    const user = uploaderOf(req);
    const upload = await datastore.getUpload(uploadId).catch(() => null);
    if (!upload) {
      // finished already, its answer lost on the way: complete, with the file it made
      const done = await uploadedFile(deps, user.id, uploadId);
      return done ? complete(done.size, done.item.id) : null;
    }
    if (upload.metadata?.userId !== user.id) return null;
    if (upload.size === undefined || upload.offset !== upload.size) return null;
    const done = await finish(req, upload);
    return complete(upload.size, done.headers['Upload-Item'] ?? '');
  };

  const server = new Server({
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
      await reserveUpload(deps, user.id, {
        uploadId: upload.id,
        parentId,
        contentType,
        size: upload.size,
      }).catch(tusError);
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
      const expiresAt = await uploadExpiresAt(deps, upload);
      if (expiresAt && expiresAt.getTime() <= Date.now()) tusError(uploadExpired());
    },
    onUploadFinish: (req, upload) => finish(req, upload),
  });

  const handle = async (req: Request) => {
    const uploadId = new URL(req.url).pathname.split('/').pop() ?? '';
    const named = /^\w+$/.test(uploadId) && uploadId !== 'tus';
    if (req.method === 'HEAD' && named) {
      const stalled = await finishStalled(req, uploadId);
      if (stalled) return stalled;
    }
    const response = await server.handleWeb(req);
    if (req.method === 'DELETE' && named && response.status === 204) {
      await releaseUpload(deps.database.db, uploadId);
    }
    // an upload still waiting for bytes says until when it will wait
    const id =
      req.method === 'POST' ? response.headers.get('location')?.split('/').pop() : uploadId;
    const offset = response.headers.get('upload-offset');
    const waiting =
      (req.method === 'POST' && response.status === 201) ||
      (req.method === 'PATCH' && response.status === 204) ||
      (req.method === 'HEAD' &&
        response.status === 200 &&
        offset !== response.headers.get('upload-length'));
    if (waiting && id) {
      const upload = await datastore.getUpload(id).catch(() => null);
      const expiresAt = upload && (await uploadExpiresAt(deps, upload));
      if (expiresAt) response.headers.set('Upload-Expires', expiresAt.toUTCString());
    }
    return response;
  };
  return { server, handle };
}
