// What every request handler can reach: the dependencies built once at start (database,
// configuration, mailer, token service, logger) and, after the auth middleware, the user.
import type { TokenClaims, TokenService } from './auth/tokens.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './mailer/mailer.ts';

export interface AuthUser {
  id: string;
  email: string;
  role: 'admin' | 'user';
}

export interface AppDeps {
  database: DatabaseHandle;
  env: Env;
  mailer: Mailer;
  tokens: TokenService;
  log: Logger;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: AuthUser | null;
    /** The bearer token's claims, behind `requireUser`. */
    claims?: TokenClaims;
    clientIp: string;
    /** Answered as `X-Request-Id` and in 500 answers, logged with errors. */
    requestId: string;
  };
}
