// `?ref=<slug>` on any page names the referring user (docs/product-rules.md#routes); it is kept in
// localStorage as `referringUserSlug` and sent with the sign-up.
export const REFERRAL_KEY = 'referringUserSlug';

export function captureReferral(search: string): string | null {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (!ref || ref.length > 120) return null;
  try {
    localStorage.setItem(REFERRAL_KEY, ref);
  } catch {
    return null;
  }
  return ref;
}

export function getReferral(): string | null {
  try {
    return localStorage.getItem(REFERRAL_KEY);
  } catch {
    return null;
  }
}
