// Every REST resource, mounted under its path. Each resource module owns its file. The sync
// batch comes last: it accepts the sync-able mutations mounted before it.
import type { Hono } from 'hono';

import type { AppEnv } from '../context.ts';
import { mountSyncBatch } from '../sync/batch.ts';
import { syncRoutes } from '../sync/routes.ts';
import { calendarRoutes } from './calendar.ts';
import { chatRoutes } from './chat.ts';
import { kanbanRoutes } from './kanban.ts';
import { mailRoutes } from './mail.ts';
import { overviewRoutes } from './overview.ts';
import { userRoutes } from './user.ts';

export function mountRoutes(app: Hono<AppEnv>) {
  app.route('/api/v1/user', userRoutes);
  app.route('/api/mail', mailRoutes);
  app.route('/api/chat', chatRoutes);
  app.route('/api/calendar', calendarRoutes);
  app.route('/api/kanban', kanbanRoutes);
  app.route('/api/sync', syncRoutes);
  app.route('/api/overview', overviewRoutes);
  mountSyncBatch(app);
}
