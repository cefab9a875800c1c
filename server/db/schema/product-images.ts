// The images uploaded for the shop's products (server/shop/product-images.ts): which stored
// blobs are product images at all. The public image URL serves only a blob listed here, and
// only while a product shows it or, for a fresh upload not yet saved with a product, within
// the blob grace period; a product may only be saved with images listed here. Other stored
// bytes (private files, attachments, invoices) never become reachable through that URL.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export const productImages = pgTable('product_images', {
  /** the blob's SHA-256 (server/storage) */
  hash: text('hash').primaryKey(),
  /** the URL's extension, which gives the type it is served with */
  ext: text('ext', { enum: ['png', 'jpg', 'webp'] }).notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
