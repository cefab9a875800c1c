// The access token lives in localStorage under `accessToken`
// (docs/product-rules.md#accounts-and-sessions) so it survives a reload; a copy goes to Dexie
// `meta` for the service worker (which has no localStorage). The Dexie module is imported lazily so
// the sign-in page does not download it. When a token expires is
// server/contracts/session-token.ts's rule, the server's too.
export { decodeJwtPayload, isTokenValid, tokenExpiresAt } from '../../../server/contracts/session-token';

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
