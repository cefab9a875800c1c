// The access token lives in localStorage under `accessToken` (spec point 3) so it survives a
// reload; a copy goes to Dexie `meta` for the service worker (which has no localStorage).
// The Dexie module is imported lazily so the sign-in page does not download it.
export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  void mirrorToDexie(token);
}

export function removeAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  void mirrorToDexie(null);
}

/**
 * Makes the worker's copy match localStorage. A copy started on a page that navigates away at
 * once (the sign-in page goes to the dashboard as a new document) may never land: the sync
 * engine calls this before each replay, so the worker always holds the token the page uses.
 */
export function refreshAccessTokenCopy(): Promise<void> {
  return mirrorToDexie(getAccessToken());
}

async function mirrorToDexie(token: string | null) {
  try {
    const { db } = await import('@/lib/db');
    const copy = (await db.meta.get('accessToken'))?.value;
    if (copy === (token ?? undefined)) return;
    if (token) await db.meta.put({ key: 'accessToken', value: token });
    else await db.meta.delete('accessToken');
  } catch {
    // IndexedDB unavailable (private mode, tests without it): the page still works.
  }
}

/** The token's claims, unverified (the server verifies; the client only reads `exp`). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
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

/** Spec point 5: a stored token is valid only if its exp claim is later than now. */
export function isTokenValid(token: string | null, now = Date.now()): token is string {
  if (!token) return false;
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}
