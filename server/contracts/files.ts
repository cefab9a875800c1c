// File manager payloads shared by the server and the pages: one zod schema per input, the
// upload limits (checked by the page before an upload starts and again by the server), and
// the shapes the file calls answer with.
import { z } from 'zod';

export const FILE_CATEGORIES = ['image', 'video', 'audio', 'document', 'text', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

const MB = 1024 * 1024;
/** Largest file per category; the server's UPLOAD_MAX_BYTES caps them all. */
export const CATEGORY_LIMITS: Record<FileCategory, number> = {
  image: 50 * MB,
  video: 512 * MB,
  audio: 200 * MB,
  document: 100 * MB,
  text: 20 * MB,
  other: 256 * MB,
};
/** Types an image upload (the images pages) may have; sharp reads them on the server. */
export const IMAGE_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];
export const MAX_NAME_LENGTH = 200;
export const FILE_PAGE_MAX = 1000;

const DOCUMENT =
  /^application\/(pdf|msword|rtf|vnd\.(ms-|openxmlformats-officedocument|oasis\.opendocument)[\w.+-]*)$/;
const TEXT = /^(text\/[\w.+-]+|application\/(json|xml|x-yaml|yaml|csv))$/;

export function fileCategory(contentType: string | null | undefined): FileCategory {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (DOCUMENT.test(type)) return 'document';
  if (TEXT.test(type)) return 'text';
  return 'other';
}

/** The limit for a file of this type under a server-wide maximum. */
export function uploadLimit(contentType: string, serverMax = Infinity): number {
  return Math.min(CATEGORY_LIMITS[fileCategory(contentType)], serverMax);
}

/**
 * The characters no stored file name keeps, wherever it comes from (file manager, mail and
 * chat attachments, resumable uploads): control characters (C0, DEL, C1), line and paragraph
 * separators, and bidirectional controls, which make a name read otherwise than it is
 * (U+202E shows `invoice\u202Efdp.exe` as `invoiceexe.pdf`). A name someone types with one is
 * refused (`fileName`); a name that comes with a file from the device has them removed
 * (`withoutUnsafeCharacters`).
 */
export const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
const UNSAFE_NAME_CHARACTERS_ALL = new RegExp(UNSAFE_NAME_CHARACTERS.source, 'gu');

export function withoutUnsafeCharacters(name: string): string {
  return name.replace(UNSAFE_NAME_CHARACTERS_ALL, '');
}

/**
 * A file or folder name: one path segment, none of the unsafe characters, not `.` or `..`.
 * Names with slashes or traversal are refused (never interpreted): the bytes are stored by hash.
 */
export const fileName = z
  .string()
  .trim()
  .min(1, 'The name is empty.')
  .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters.`)
  .refine((v) => !v.includes('/') && !v.includes('\\'), 'A name cannot contain / or \\.')
  .refine(
    (v) => !UNSAFE_NAME_CHARACTERS.test(v),
    'A name cannot contain control or text-direction characters.',
  )
  .refine((v) => v !== '.' && v !== '..', 'This name is reserved.');

const id = z.uuid('Must be an id.');
const ids = z.array(id).min(1, 'Choose at least one item.').max(1000, 'Too many items at once.');

export const folderCreateSchema = z.object({
  name: fileName,
  parentId: id.nullable().default(null),
});
export const renameSchema = z.object({ name: fileName });
export const moveSchema = z.object({ ids, parentId: id.nullable() });
export const idsSchema = z.object({ ids });
export const favouriteSchema = z.object({ ids, favourite: z.boolean() });
export const shareSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address.'),
  role: z.enum(['viewer', 'editor']),
});
export const unshareSchema = z.object({ userId: id });

export const FILE_SORTS = ['name', 'size', 'updated', 'type'] as const;
export const FILE_VIEWS = ['folder', 'recent', 'favourites', 'shared', 'trash', 'search'] as const;

export const fileListQuery = z.object({
  view: z.enum(FILE_VIEWS).default('folder'),
  parentId: id.optional(),
  q: z.string().trim().max(200, 'The search is too long.').optional(),
  category: z.enum(FILE_CATEGORIES).optional(),
  sort: z.enum(FILE_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(FILE_PAGE_MAX).default(500),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type FileListQuery = z.input<typeof fileListQuery>;

export const downloadRecordSchema = z.object({
  source: z.enum(['file', 'mail', 'invoice']),
  sourceId: id,
});

export type FileRole = 'owner' | 'editor' | 'viewer';

export interface FileItem {
  id: string;
  kind: 'file' | 'folder';
  name: string;
  parentId: string | null;
  contentType: string | null;
  category: FileCategory | null;
  size: number;
  width: number | null;
  height: number | null;
  favourite: boolean;
  trashedAt: string | null;
  createdAt: string;
  updatedAt: string;
  owner: { id: string; name: string; email: string };
  /** what the caller may do with it */
  role: FileRole;
  /** short-lived signed addresses, usable by <img>, <video>, <a download> */
  urls: { content: string; download: string; thumbnail: string | null } | null;
}

export interface FileList {
  items: FileItem[];
  total: number;
  /** the folders from the root down to the listed one (names the caller may see) */
  path: { id: string; name: string }[];
  folderRole: FileRole | null;
}

export interface FileShare {
  userId: string;
  name: string;
  email: string;
  role: 'viewer' | 'editor';
}

export interface StorageOverview {
  used: number;
  limit: number;
  maxUpload: number;
  byCategory: { category: FileCategory; bytes: number; count: number }[];
  recent: FileItem[];
}

export interface DownloadEntry {
  source: 'file' | 'mail' | 'invoice';
  id: string;
  name: string;
  size: number | null;
  contentType: string | null;
  from: string;
  at: string;
  downloadedAt: string | null;
  /** for files: a signed address; others are fetched with the bearer token from `path` */
  url: string | null;
  path: string | null;
}
