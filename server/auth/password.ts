// Password hashing with argon2id (m = 19 MiB, t = 2, p = 1: OWASP's baseline) and the
// password policy: 8 to 128 characters, no composition rules, the most common passwords
// refused (NIST SP 800-63B).
import { hash, verify } from '@node-rs/argon2';

import { COMMON_PASSWORDS } from './common-passwords.ts';

// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

/** Returns an error message, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return 'This password is too common and easy to guess. Please choose another.';
  return null;
}
