// Every REST resource, mounted under its path. Each resource module owns its file.
import type { Hono } from 'hono';

import type { AppEnv } from '../context.ts';
import { userRoutes } from './user.ts';

export function mountRoutes(app: Hono<AppEnv>) {
  app.route('/api/v1/user', userRoutes);
}
