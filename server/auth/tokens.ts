// Access tokens: JWTs signed with HS256 by jose. The algorithm is pinned on verify (so
// `alg: none` and RS/HS confusion are refused), `iss` and `aud` are checked, `exp` is in
// seconds. A token issued before the user's `tokensValidAfter` is refused by the middleware,
// which is how "sign out everywhere" and password changes revoke older tokens.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { errors, jwtVerify, SignJWT } from 'jose';

import { privateDir } from '../lib/private-dir.ts';

export interface TokenClaims {
  sub: string;
  role: 'admin' | 'user';
  /** issued-at, seconds */
  iat: number;
  /** issued-at in milliseconds (claim `iat_ms`), compared with `tokensValidAfter` */
  issuedAtMs: number;
  exp: number;
}

export interface TokenService {
  sign: (user: { id: string; role: 'admin' | 'user' }) => Promise<string>;
  /** Returns the claims, or null for any invalid, tampered, foreign or expired token. */
  verify: (token: string) => Promise<TokenClaims | null>;
  ttlSeconds: number;
}

export interface TokenOptions {
  secret: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export function createTokenService(options: TokenOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  return {
    ttlSeconds: options.ttlSeconds,
    async sign(user) {
      const nowMs = Date.now();
      const now = Math.floor(nowMs / 1000);
      return new SignJWT({ role: user.role, iat_ms: nowMs })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt(now)
        .setJti(crypto.randomUUID())
        .setExpirationTime(now + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const role = payload.role === 'admin' ? 'admin' : 'user';
        const issuedAtMs =
          typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000;
        return { sub: payload.sub!, role, iat: payload.iat!, exp: payload.exp!, issuedAtMs };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

/** JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret) return envSecret;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    privateDir(dataDir);
    const secret = crypto.randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // another process wrote it first
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
