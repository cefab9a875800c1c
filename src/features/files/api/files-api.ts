// File manager calls: query options for the views and one function per change.
import { queryOptions } from '@tanstack/react-query';

import { api, apiUrl } from '@/lib/api-client';

import type {
  DownloadEntry,
  FileItem,
  FileList,
  FileListQuery,
  FileShare,
  StorageOverview,
} from '../../../../server/contracts/files';

export interface UploadLimits {
  used: number;
  limit: number;
  maxUpload: number;
  categories: Record<string, number>;
}

export const fileKeys = {
  all: ['files'] as const,
  list: (query: FileListQuery) => ['files', 'list', query] as const,
  item: (id: string) => ['files', 'item', id] as const,
  shares: (id: string) => ['files', 'shares', id] as const,
  overview: ['files', 'overview'] as const,
  limits: ['files', 'limits'] as const,
  downloads: ['files', 'downloads'] as const,
};

const searchOf = (query: FileListQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;

export const fileListQuery = (query: FileListQuery) =>
  queryOptions({
    queryKey: fileKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/api/files/items', { searchParams: searchOf(query), signal }).json<FileList>(),
  });

export const sharesQuery = (id: string) =>
  queryOptions({
    queryKey: fileKeys.shares(id),
    queryFn: () => api.get(`/api/files/items/${id}/shares`).json<{ shares: FileShare[] }>(),
  });

export const overviewQuery = queryOptions({
  queryKey: fileKeys.overview,
  queryFn: () => api.get('/api/files/overview').json<StorageOverview>(),
});

export const limitsQuery = queryOptions({
  queryKey: fileKeys.limits,
  queryFn: () => api.get('/api/files/limits').json<UploadLimits>(),
  staleTime: 30_000,
});

export const downloadsQuery = queryOptions({
  queryKey: fileKeys.downloads,
  queryFn: () => api.get('/api/files/downloads').json<{ downloads: DownloadEntry[] }>(),
});

export const createFolder = (name: string, parentId: string | null) =>
  api.post('/api/files/folders', { json: { name, parentId } }).json<{ item: FileItem }>();
export const renameItem = (id: string, name: string) =>
  api.patch(`/api/files/items/${id}`, { json: { name } }).json<{ item: FileItem }>();
export const moveItems = (ids: string[], parentId: string | null) =>
  api.post('/api/files/items/move', { json: { ids, parentId } }).json();
export const trashItems = (ids: string[]) =>
  api.post('/api/files/items/trash', { json: { ids } }).json();
export const restoreItems = (ids: string[]) =>
  api.post('/api/files/items/restore', { json: { ids } }).json();
export const deleteItems = (ids: string[]) =>
  api.post('/api/files/items/delete', { json: { ids } }).json();
export const emptyTrash = () => api.post('/api/files/trash/empty').json<{ deleted: number }>();
export const setFavourite = (ids: string[], favourite: boolean) =>
  api.post('/api/files/items/favourite', { json: { ids, favourite } }).json();
export const shareItem = (id: string, email: string, role: 'viewer' | 'editor') =>
  api
    .post(`/api/files/items/${id}/shares`, { json: { email, role } })
    .json<{ shares: FileShare[] }>();
export const unshareItem = (id: string, userId: string) =>
  api.delete(`/api/files/items/${id}/shares/${userId}`).json<{ shares: FileShare[] }>();
export const recordDownload = (source: DownloadEntry['source'], sourceId: string) =>
  api.post('/api/files/downloads/record', { json: { source, sourceId } }).json();
export const fetchText = (url: string) =>
  api.get(apiUrl(url), { headers: { Range: 'bytes=0-65535' } }).text();

/** Fetches a download with the bearer token (mail attachments, invoices) and saves it. */
export async function saveWithToken(path: string, name: string) {
  const blob = await api.get(apiUrl(path), { timeout: 120_000 }).blob();
  saveBlob(blob, name);
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A signed link the browser can open as it is (same origin or VITE_API_URL). */
export const linkUrl = (url: string) => apiUrl(url);
