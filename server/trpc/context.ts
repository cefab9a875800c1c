// The tRPC context: the app's dependencies and the caller, read from the bearer token exactly
// as the REST middleware does (`authenticate`), so a revoked or expired token is anonymous.
import type { Context as HonoContext } from 'hono';

import { authenticate } from '../auth/middleware.ts';
import type { AppDeps, AppEnv, AuthUser } from '../context.ts';

export interface TrpcContext {
  deps: AppDeps;
  user: AuthUser | null;
  clientIp: string;
  requestId: string;
  [key: string]: unknown;
}

export async function createTrpcContext(c: HonoContext<AppEnv>): Promise<TrpcContext> {
  const deps = c.var.deps;
  const user = await authenticate(deps, c.req.header('authorization'));
  if (user) c.set('user', user);
  return { deps, user, clientIp: c.var.clientIp, requestId: c.var.requestId };
}
