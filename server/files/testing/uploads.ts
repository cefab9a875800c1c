// Uploads through the real tus endpoint for API tests (and the upload benchmark's checks).
import type { FileItem } from '../../contracts/files.ts';

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

const b64 = (s: string) => Buffer.from(s).toString('base64');

export function tusMetadata(meta: Record<string, string>) {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
}

export async function tusCreate(
  app: Requester,
  auth: Record<string, string>,
  meta: Record<string, string>,
  size: number,
) {
  return app.request('/api/files/tus', {
    method: 'POST',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': tusMetadata(meta),
    },
  });
}

export async function tusPatch(
  app: Requester,
  auth: Record<string, string>,
  location: string,
  offset: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
) {
  return app.request(location, {
    method: 'PATCH',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

/** Creates and completes an upload in one PATCH; returns the new item. */
export async function tusUpload(
  app: Requester,
  auth: Record<string, string>,
  name: string,
  type: string,
  bytes: Uint8Array,
  parentId?: string,
): Promise<FileItem> {
  const created = await tusCreate(
    app,
    auth,
    { filename: name, filetype: type, ...(parentId ? { parentId } : {}) },
    bytes.length,
  );
  if (created.status !== 201) throw new Error(`create ${created.status}: ${await created.text()}`);
  const patched = await tusPatch(app, auth, created.headers.get('location')!, 0, bytes);
  if (patched.status !== 200) throw new Error(`patch ${patched.status}: ${await patched.text()}`);
  return ((await patched.json()) as { item: FileItem }).item;
}
