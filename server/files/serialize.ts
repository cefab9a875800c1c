// Rows as the pages see them: the caller's role and signed links for the bytes.
import type { AppDeps } from '../context.ts';
import { fileCategory, type FileItem, type FileRole } from '../contracts/files.ts';
import type { FileRow } from './access.ts';
import { fileLink } from './links.ts';

export interface OwnerInfo {
  id: string;
  name: string;
  email: string;
}

export function toFileItem(
  deps: AppDeps,
  viewerId: string,
  row: FileRow,
  owner: OwnerInfo,
  role: FileRole,
): FileItem {
  const isFile = row.kind === 'file' && row.blobHash !== null;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parentId: row.parentId,
    contentType: row.contentType,
    category: row.kind === 'file' ? fileCategory(row.contentType) : null,
    size: row.size,
    width: row.width,
    height: row.height,
    favourite: row.favourite,
    trashedAt: row.trashedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner,
    role,
    urls: isFile
      ? {
          content: fileLink(deps, row.id, 'content', viewerId),
          download: fileLink(deps, row.id, 'download', viewerId),
          thumbnail: row.thumbnailHash ? fileLink(deps, row.id, 'thumbnail', viewerId) : null,
        }
      : null,
  };
}
