// When an access token stops being valid: once the time in its `exp` claim
// (seconds since the epoch) is reached, not a moment later. The server checks it on every
// request (auth/middleware.ts, after verifying the signature); the PWA reads the claim from the
// stored token, unverified, to decide whether to start a session at all and when to end it
// (src/lib/auth/token-storage.ts). src/app/session-check.js, an inline script that cannot
// import, applies the same rule; src/app/session-check.test.ts checks that it does.

/** Whether a token whose `exp` claim is `exp` has expired at `now` (milliseconds). */
export const hasExpired = (exp: number, now = Date.now()) => exp * 1000 <= now;

/** The token's claims, unverified (only the server verifies a token). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The token's `exp` claim in milliseconds, or null when it has none or is not a JWT. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** A stored token is valid only if it has an `exp` claim and that time has not come. */
export function isTokenValid(token: string | null, now = Date.now()): token is string {
  if (!token) return false;
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && !hasExpired(exp, now);
}
