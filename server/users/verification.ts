// Confirming that an account's owner reads its email: a single-use link valid 24 hours
// (auth/one-time-tokens.ts), mailed at sign-up and on request, to /auth/verify?token=….
import { eq } from 'drizzle-orm';

import { consumeToken, issueToken } from '../auth/one-time-tokens.ts';
import { toPublicUser, type UserRow } from '../auth/users.ts';
import type { AppDeps } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { accountOf } from './account.ts';

export async function sendVerification(deps: AppDeps, user: UserRow) {
  const token = await issueToken(deps.database.db, user.id, 'verify-email');
  const link = `${deps.env.PUBLIC_URL}/auth/verify?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Confirm your email for Clipdeck',
    text: `Hello ${user.firstName},\n\nConfirm your email address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create a Clipdeck account, ignore this message.`,
  });
}

/** Mails a new link unless the email is already confirmed. */
export async function requestVerification(deps: AppDeps, userId: string) {
  const row = await accountOf(deps.database.db, userId);
  if (!row.emailVerifiedAt) await sendVerification(deps, row);
  return { ok: true, alreadyVerified: row.emailVerifiedAt !== null };
}

export async function verifyEmail(deps: AppDeps, token: string) {
  const userId = await consumeToken(deps.database.db, token, 'verify-email');
  if (!userId) {
    const message = 'This verification link is invalid, expired or already used.';
    throw badRequest(message, { token: message });
  }
  const [row] = await deps.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return { ok: true, user: toPublicUser(row!) };
}
