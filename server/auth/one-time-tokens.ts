// Single-use, expiring tokens for password reset, email verification and invitations (an
// admin-created account's link to set its first password). Only a SHA-256 of the token is
// stored; consuming one is a conditional UPDATE (`used_at IS NULL AND not expired`), so a
// token works once even when two requests race.
import crypto from 'node:crypto';

import { and, eq, gt, inArray, isNull } from 'drizzle-orm';

import type { Executor } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema/index.ts';

export type TokenPurpose = 'reset-password' | 'verify-email' | 'set-password';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'reset-password': 60 * 60 * 1000,
  'verify-email': 24 * 60 * 60 * 1000,
  // an invitation waits for someone who did not ask for it: a week, still single-use
  'set-password': 7 * 24 * 60 * 60 * 1000,
};

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function issueToken(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: digest(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Ends every unused link of the user (reset, verification, invitation): they were mailed to an
 * address the account no longer has.
 */
export async function revokeTokens(db: Executor, userId: string) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}

/** Marks the token used and returns its user id, or null when unknown, used or expired. */
export async function consumeToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  return (await consumeTokenOf(db, token, [purpose]))?.userId ?? null;
}

/** The same for a token of any of `purposes`, saying which it was. */
export async function consumeTokenOf(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
): Promise<{ userId: string; purpose: TokenPurpose } | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, digest(token)),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  return row ?? null;
}
