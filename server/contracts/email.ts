// The email rule (docs/product-rules.md#accounts-and-sessions) and password bounds, with no
// dependency: the client's sign-in page imports these without pulling zod into its first load.
// Re-exported by ./user.ts.
export const INVALID_EMAIL = 'Invalid email address.';

/**
 * The email rule: exactly two parts at the at-sign, and a domain of at least two
 * dot-separated parts. Returns the domain (the sign-up's `emailExtension`), or throws
 * `Error('Invalid email address.')`.
 */
export function emailExtension(email: string): string {
  const parts = email.split('@');
  if (parts.length !== 2) throw new Error(INVALID_EMAIL);
  const [local, domain] = parts as [string, string];
  const labels = domain.split('.');
  if (!local || labels.length < 2 || labels.some((l) => l.length === 0))
    throw new Error(INVALID_EMAIL);
  return domain;
}

export function isValidEmail(email: string): boolean {
  try {
    emailExtension(email);
    return !/\s/.test(email);
  } catch {
    return false;
  }
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
