// Passwords: the reset link asked for on /auth/forgot-password, setting a password with it (or
// with an admin's invitation, the same page), and changing one's password signed in. Setting
// or changing a password revokes every older token (`tokensValidAfter`).
// - `forgotPassword` answers the same, after the same work, whether or not the address has an
//   account: the lookup and the mail happen after the answer. It is limited per email and per
//   client address (auth/request-limits.ts).
// - A reset or invitation link is single-use; using one makes the user's other outstanding
//   password links stop working too. An invitation also proves the address and activates a
//   pending account (a banned one stays banned), and its owner is told (./account-notices.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';

import { consumeTokenOf, issueToken, type TokenPurpose } from '../auth/one-time-tokens.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/password.ts';
import { FORGOT_LIMIT, limitRequest } from '../auth/request-limits.ts';
import { normaliseEmail, toPublicUser } from '../auth/users.ts';
import type { AppDeps } from '../context.ts';
import type { changePasswordSchema, resetPasswordSchema } from '../contracts/user.ts';
import { oneTimeTokens, users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { noticePasswordSetByInvitation } from './account-notices.ts';
import { accountOf } from './account.ts';

/** Links that set a password: the reset link and an admin-created account's invitation. */
const PASSWORD_LINKS: TokenPurpose[] = ['reset-password', 'set-password'];

async function sendResetLink(deps: AppDeps, email: string) {
  const [row] = await deps.database.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row || row.status !== 'active') return;
  const token = await issueToken(deps.database.db, row.id, 'reset-password');
  const link = `${deps.env.PUBLIC_URL}/auth/new-password?token=${token}`;
  await deps.mailer.send({
    to: row.email,
    subject: 'Reset your Clipdeck password',
    text: `Hello ${row.firstName},\n\nChoose a new password with this link (valid for 1 hour, usable once):\n${link}\n\nIf you did not ask for this, ignore this message: your password is unchanged.`,
  });
}

export async function forgotPassword(deps: AppDeps, rawEmail: string, clientIp: string) {
  const email = normaliseEmail(rawEmail);
  await limitRequest(deps.database.db, FORGOT_LIMIT, { address: clientIp, email });
  void sendResetLink(deps, email).catch((error: Error) =>
    deps.log.warn('reset mail failed', { message: error.message }),
  );
}

export async function resetPassword(deps: AppDeps, input: z.infer<typeof resetPasswordSchema>) {
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem, { password: problem });
  const passwordHash = await hashPassword(input.password);
  const db = deps.database.db;
  const done = await db.transaction(async (tx) => {
    const used = await consumeTokenOf(tx, input.token, PASSWORD_LINKS);
    if (!used) return null;
    const { userId } = used;
    const now = new Date();
    const [row] = await tx
      .select({ status: users.status, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    const invited = used.purpose === 'set-password';
    await tx
      .update(users)
      .set({
        passwordHash,
        tokensValidAfter: now,
        updatedAt: now,
        ...(invited ? { emailVerifiedAt: row?.emailVerifiedAt ?? now } : {}),
        ...(invited && row?.status === 'pending' ? { status: 'active' as const } : {}),
      })
      .where(eq(users.id, userId));
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, PASSWORD_LINKS)));
    return { ...used, at: now };
  });
  if (!done) {
    const message = 'This reset link is invalid, expired or already used. Ask for a new one.';
    throw badRequest(message, { token: message });
  }
  if (done.purpose === 'set-password') {
    const [owner] = await db.select().from(users).where(eq(users.id, done.userId));
    if (owner) await noticePasswordSetByInvitation(deps, owner, done.at);
  }
}

/** A new password for the signed-in user; answers a new token, older ones being revoked. */
export async function changePassword(
  deps: AppDeps,
  userId: string,
  input: z.infer<typeof changePasswordSchema>,
) {
  const row = await accountOf(deps.database.db, userId);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is not correct.', {
      currentPassword: 'The current password is not correct.',
    });
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) throw badRequest(problem, { newPassword: problem });
  const now = new Date();
  const [updated] = await deps.database.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      tokensValidAfter: now,
      updatedAt: now,
    })
    .where(eq(users.id, row.id))
    .returning();
  // this token is issued after the change: it keeps the user signed in here
  return { accessToken: await deps.tokens.sign(updated!), user: toPublicUser(updated!) };
}
