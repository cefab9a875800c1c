// Every REST resource, mounted under its path. Each resource module owns its file. The sync
// batch comes last: it accepts the sync-able mutations mounted before it.
import type { Hono } from 'hono';

import { mountBlogSharePages } from '../blog/share-page.ts';
import type { AppEnv } from '../context.ts';
import { mountPrerenderedPages } from '../public/prerendered.ts';
import { mountSyncBatch } from '../sync/batch.ts';
import { syncRoutes } from '../sync/routes.ts';
import { addressRoutes } from './addresses.ts';
import { bankingRoutes } from './banking.ts';
import { blogRoutes } from './blog.ts';
import { bookingRoutes } from './booking.ts';
import { calendarRoutes } from './calendar.ts';
import { calendarsRoutes } from './calendars.ts';
import { cartRoutes } from './cart.ts';
import { chatRoutes } from './chat.ts';
import { fileContentRoutes } from './files-content.ts';
import { fileDownloadRoutes } from './files-downloads.ts';
import { fileRoutes } from './files.ts';
import { invoiceRoutes } from './invoices.ts';
import { kanbanRoutes } from './kanban.ts';
import { liveRoutes } from './live.ts';
import { mailRoutes } from './mail.ts';
import { orderRoutes, shopOverviewRoutes } from './orders.ts';
import { overviewRoutes } from './overview.ts';
import { productRoutes } from './products.ts';
import { publicRoutes } from './public.ts';
import { searchRoutes } from './search.ts';
import { sharingRoutes } from './sharing.ts';
import { userRoutes } from './user.ts';

export function mountRoutes(app: Hono<AppEnv>) {
  app.route('/api/v1/user', userRoutes);
  app.route('/api/mail', mailRoutes);
  app.route('/api/chat', chatRoutes);
  app.route('/api/calendar', calendarRoutes);
  app.route('/api/kanban', kanbanRoutes);
  app.route('/api/calendars', calendarsRoutes);
  app.route('/api/sharing', sharingRoutes);
  app.route('/api/live', liveRoutes);
  app.route('/api/sync', syncRoutes);
  app.route('/api/overview', overviewRoutes);
  app.route('/api/invoices', invoiceRoutes);
  app.route('/api/products', productRoutes);
  app.route('/api/cart', cartRoutes);
  app.route('/api/addresses', addressRoutes);
  app.route('/api/orders', orderRoutes);
  app.route('/api/e-commerce', shopOverviewRoutes);
  app.route('/api/blog', blogRoutes);
  app.route('/api/booking', bookingRoutes);
  app.route('/api/banking', bankingRoutes);
  app.route('/api/search', searchRoutes);
  app.route('/api/public', publicRoutes);
  app.route('/api/files/downloads', fileDownloadRoutes);
  app.route('/api/files', fileContentRoutes);
  app.route('/api/files', fileRoutes);
  mountBlogSharePages(app);
  mountPrerenderedPages(app);
  mountSyncBatch(app);
}
