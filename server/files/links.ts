// Signed, short-lived addresses for stored files, so <img>, <video>, <iframe> and <a download>
// can load them without the bearer header (which only scripts can send). A link names the
// item, the variant and the user it was made for, expires within two hours (stable within an
// hour, so the browser cache works), and is signed with a key derived from the JWT secret.
// Serving a link checks the signature and expiry AND that the user may still read the item:
// unsharing or trashing takes effect at once.
import crypto from 'node:crypto';

import { resolveJwtSecret } from '../auth/tokens.ts';
import type { AppDeps } from '../context.ts';

export const LINK_VARIANTS = ['content', 'download', 'thumbnail'] as const;
export type LinkVariant = (typeof LINK_VARIANTS)[number];

const keys = new WeakMap<AppDeps, Buffer>();
function keyOf(deps: AppDeps): Buffer {
  let key = keys.get(deps);
  if (!key) {
    const secret = resolveJwtSecret(deps.env.JWT_SECRET, deps.env.dataDir);
    key = crypto.createHmac('sha256', secret).update('clipdeck file links v1').digest();
    keys.set(deps, key);
  }
  return key;
}

function signature(deps: AppDeps, itemId: string, variant: string, userId: string, exp: number) {
  return crypto
    .createHmac('sha256', keyOf(deps))
    .update(`${itemId}.${variant}.${userId}.${exp}`)
    .digest('base64url');
}

export function fileLink(
  deps: AppDeps,
  itemId: string,
  variant: LinkVariant,
  userId: string,
  now = Date.now(),
): string {
  const hour = 3600;
  const exp = (Math.floor(now / 1000 / hour) + 2) * hour;
  const sig = signature(deps, itemId, variant, userId, exp);
  return `/api/files/link/${itemId}/${variant}?u=${userId}&e=${exp}&s=${sig}`;
}

/** The user a link was made for, or null when it is forged, altered or expired. */
export function verifyLink(
  deps: AppDeps,
  itemId: string,
  variant: string,
  query: { u?: string; e?: string; s?: string },
  now = Date.now(),
): string | null {
  const { u, e, s } = query;
  if (!u || !e || !s || !/^\d{1,12}$/.test(e)) return null;
  const exp = Number(e);
  if (exp * 1000 < now) return null;
  const expected = Buffer.from(signature(deps, itemId, variant, u, exp));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return u;
}
