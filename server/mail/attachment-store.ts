// Attachment bytes live on disk under DATA_DIR/attachments/<id> (one file per attachment;
// the row in `attachments` holds the name, type, size and who may read it). On several API
// processes DATA_DIR/attachments must be shared storage (ARCHITECTURE §6).
import fs from 'node:fs';
import path from 'node:path';

import type { AppDeps } from '../context.ts';

export function attachmentDir(deps: AppDeps): string {
  return path.join(deps.env.dataDir, 'attachments');
}

export function attachmentPath(deps: AppDeps, id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad attachment id');
  return path.join(attachmentDir(deps), id);
}

export async function writeAttachment(deps: AppDeps, id: string, bytes: Uint8Array) {
  await fs.promises.mkdir(attachmentDir(deps), { recursive: true });
  await fs.promises.writeFile(attachmentPath(deps, id), bytes);
}

export async function copyAttachment(deps: AppDeps, fromId: string, toId: string) {
  await fs.promises.mkdir(attachmentDir(deps), { recursive: true });
  await fs.promises.copyFile(attachmentPath(deps, fromId), attachmentPath(deps, toId));
}

export async function readAttachment(deps: AppDeps, id: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(attachmentPath(deps, id));
  } catch {
    return null;
  }
}

export async function removeAttachments(deps: AppDeps, ids: string[]) {
  await Promise.all(ids.map((id) => fs.promises.rm(attachmentPath(deps, id), { force: true })));
}

/** A safe Content-Disposition value for a stored file name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
