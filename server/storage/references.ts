// Every column that holds a blob hash (server/storage). A blob no listed column points at is
// garbage once its grace period has passed (collect.ts). A feature that stores a hash adds
// its column here in the same commit as the migration that creates it.
export interface BlobReference {
  table: string;
  column: string;
  /** the column is a text array of URLs that contain the hash (not the hash itself) */
  urls?: true;
}

export const blobReferences: readonly BlobReference[] = [
  { table: 'attachments', column: 'blob_hash' },
  { table: 'blog_covers', column: 'blob_hash' },
  { table: 'blog_covers', column: 'card_hash' },
  { table: 'file_items', column: 'blob_hash' },
  { table: 'file_items', column: 'thumbnail_hash' },
  { table: 'products', column: 'images', urls: true },
];

/** What counts towards a user's quota (quota.ts): each table's owner and size columns. */
export interface QuotaSource {
  table: string;
  owner: string;
  size: string;
}

export const quotaSources: readonly QuotaSource[] = [
  { table: 'attachments', owner: 'owner_id', size: 'size' },
  { table: 'file_items', owner: 'owner_id', size: 'size' },
];

/**
 * Space held for bytes still on their way (quota.ts): rows that count against their owner's
 * quota while `expires` is in the future, identified by `key`.
 */
export interface QuotaReservation extends QuotaSource {
  expires: string;
  key: string;
}

export const quotaReservations: readonly QuotaReservation[] = [
  {
    table: 'unfinished_uploads',
    owner: 'owner_id',
    size: 'size',
    expires: 'expires_at',
    key: 'upload_id',
  },
];
