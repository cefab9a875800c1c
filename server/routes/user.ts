// Accounts: sign-up, sign-in, the current user, sign-out everywhere, password reset and
// email verification, profile and password change, access requests. Responses follow the
// spec: `{ accessToken, user, videoId? }` for sign-up and `{ accessToken, user }` for login.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import {
  consumeToken,
  consumeTokenOf,
  issueToken,
  type TokenPurpose,
} from '../auth/one-time-tokens.ts';
import {
  hashPassword,
  passwordProblem,
  verifyPassword,
  dummyPasswordHash,
} from '../auth/password.ts';
import { ACCESS_REQUEST_LIMIT, FORGOT_LIMIT, limitRequest } from '../auth/request-limits.ts';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from '../auth/throttle.ts';
import { normaliseEmail, toPublicUser, uniqueSlug, type UserRow } from '../auth/users.ts';
import { requestChannelClaim } from '../catalogue/channel-claim.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import {
  accessRequestSchema,
  changePasswordSchema,
  emailExtension,
  forgotPasswordSchema,
  INVALID_EMAIL,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../contracts/user.ts';
import { accessRequests, oneTimeTokens, users } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import {
  ApiError,
  badRequest,
  conflict,
  notFound,
  parseJson,
  unauthorized,
} from '../lib/errors.ts';
import { noticePasswordSetByInvitation } from '../users/account-notices.ts';
import { adminRoutes } from './user-admin.ts';

export const userRoutes = new Hono<AppEnv>();

const SIGN_IN_FAILED = 'Incorrect email or password.';
/** Links that set a password: the reset link and an admin-created account's invitation. */
const PASSWORD_LINKS: TokenPurpose[] = ['reset-password', 'set-password'];

async function loadUser(deps: AppDeps, id: string): Promise<UserRow> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw unauthorized();
  return row;
}

async function sendVerification(deps: AppDeps, user: UserRow) {
  const token = await issueToken(deps.database.db, user.id, 'verify-email');
  const link = `${deps.env.PUBLIC_URL}/auth/verify?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Confirm your email for Clipdeck',
    text: `Hello ${user.firstName},\n\nConfirm your email address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create a Clipdeck account, ignore this message.`,
  });
}

userRoutes.post('/signup', async (c) => {
  const { deps } = c.var;
  const input = await parseJson(c, signupSchema);
  const email = normaliseEmail(input.email);
  let domain: string;
  try {
    domain = emailExtension(email);
  } catch {
    throw badRequest(INVALID_EMAIL, { email: INVALID_EMAIL });
  }
  if (input.emailExtension && input.emailExtension.toLowerCase() !== domain) {
    throw badRequest('emailExtension must be the domain of the email.', {
      emailExtension: `Expected "${domain}".`,
    });
  }
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem, { password: problem });

  const db = deps.database.db;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing)
    throw conflict('An account with this email already exists.', {
      email: 'An account with this email already exists.',
    });

  let referringUserId: string | null = null;
  if (input.referringUserSlug) {
    const [referrer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.slug, input.referringUserSlug.toLowerCase()))
      .limit(1);
    referringUserId = referrer?.id ?? null;
  }

  const passwordHash = await hashPassword(input.password);
  let row: UserRow | undefined;
  for (let attempt = 0; attempt < 3 && !row; attempt += 1) {
    try {
      [row] = await db
        .insert(users)
        .values({
          email,
          username: email,
          firstName: input.firstName,
          lastName: input.lastName,
          slug: await uniqueSlug(db, input.firstName, input.lastName),
          passwordHash,
          youtubeExternalId: input.youtubeExternalId || null,
          referringUserId,
        })
        .returning();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (taken)
        throw conflict('An account with this email already exists.', {
          email: 'An account with this email already exists.',
        });
      // the slug was taken by a concurrent sign-up: try again with a fresh one
    }
  }
  if (!row) throw new ApiError(409, 'Could not create the account, please try again.');

  const videoId = await requestChannelClaim(db, row);
  const accessToken = await deps.tokens.sign(row);
  // A mail failure must not lose the new account: it is logged, and /verify/request resends.
  await sendVerification(deps, row).catch((error: Error) =>
    deps.log.warn('verification mail failed', { userId: row.id, message: error.message }),
  );
  return c.json({ accessToken, user: toPublicUser(row), ...(videoId ? { videoId } : {}) }, 201);
});

userRoutes.post('/login', async (c) => {
  const { deps } = c.var;
  const input = await parseJson(c, loginSchema);
  const db = deps.database.db;
  const email = normaliseEmail(input.email);
  await assertSignInAllowed(db, email, c.var.clientIp);
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok) {
    await recordSignInFailure(db, email, c.var.clientIp);
    throw unauthorized(SIGN_IN_FAILED);
  }
  if (row.status === 'pending')
    throw new ApiError(
      403,
      'This account is not activated yet. Set your password with the link in your invitation mail.',
    );
  if (row.status !== 'active')
    throw new ApiError(403, 'This account is suspended. Contact an administrator.');
  await clearSignInFailures(db, email, c.var.clientIp);
  return c.json({ accessToken: await deps.tokens.sign(row), user: toPublicUser(row) });
});

userRoutes.get('/jwt/fetch', requireUser, async (c) => {
  const row = await loadUser(c.var.deps, currentUser(c).id);
  return c.json({ user: toPublicUser(row) });
});

userRoutes.post('/logout-all', requireUser, async (c) => {
  await c.var.deps.database.db
    .update(users)
    .set({ tokensValidAfter: new Date(), updatedAt: new Date() })
    .where(eq(users.id, currentUser(c).id));
  return c.json({ ok: true });
});

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

userRoutes.post('/password/forgot', async (c) => {
  const { deps } = c.var;
  const email = normaliseEmail((await parseJson(c, forgotPasswordSchema)).email);
  await limitRequest(deps.database.db, FORGOT_LIMIT, { address: c.var.clientIp, email });
  // The same answer, after the same work, whether or not the address has an account: the
  // lookup and the mail happen after the response.
  void sendResetLink(deps, email).catch((error: Error) =>
    deps.log.warn('reset mail failed', { message: error.message }),
  );
  return c.json({ ok: true });
});

userRoutes.post('/password/reset', async (c) => {
  const { deps } = c.var;
  const input = await parseJson(c, resetPasswordSchema);
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
    // An invitation (an admin-created account) proves the address and activates a pending
    // account; a banned account stays banned.
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
    // Other outstanding reset and invitation links for this user stop working too.
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
  // an invitation is the admin's link: its owner hears that a password was set with it
  if (done.purpose === 'set-password') {
    const [owner] = await db.select().from(users).where(eq(users.id, done.userId));
    if (owner) await noticePasswordSetByInvitation(deps, owner, done.at);
  }
  return c.json({ ok: true });
});

userRoutes.post('/verify/request', requireUser, async (c) => {
  const row = await loadUser(c.var.deps, currentUser(c).id);
  if (!row.emailVerifiedAt) await sendVerification(c.var.deps, row);
  return c.json({ ok: true, alreadyVerified: row.emailVerifiedAt !== null });
});

userRoutes.post('/verify', async (c) => {
  const { deps } = c.var;
  const { token } = await parseJson(c, verifyEmailSchema);
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
  return c.json({ ok: true, user: toPublicUser(row!) });
});

const profileOf = (row: UserRow) => ({
  phone: row.phone ?? '',
  country: row.country ?? '',
  city: row.city ?? '',
  about: row.about ?? '',
});

userRoutes.get('/profile', requireUser, async (c) => {
  const row = await loadUser(c.var.deps, currentUser(c).id);
  return c.json({ user: toPublicUser(row), profile: profileOf(row) });
});

userRoutes.patch('/profile', requireUser, async (c) => {
  const input = await parseJson(c, profileSchema);
  const [row] = await c.var.deps.database.db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, currentUser(c).id))
    .returning();
  if (!row) throw notFound();
  return c.json({ user: toPublicUser(row), profile: profileOf(row) });
});

userRoutes.post('/password/change', requireUser, async (c) => {
  const { deps } = c.var;
  const input = await parseJson(c, changePasswordSchema);
  const row = await loadUser(deps, currentUser(c).id);
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
  // Older tokens are revoked; this one (issued after the change) keeps the user signed in here.
  return c.json({ accessToken: await deps.tokens.sign(updated!), user: toPublicUser(updated!) });
});

userRoutes.post('/access-request', async (c) => {
  const input = await parseJson(c, accessRequestSchema);
  const email = normaliseEmail(input.email);
  const db = c.var.deps.database.db;
  await limitRequest(db, ACCESS_REQUEST_LIMIT, { address: c.var.clientIp, email });
  await db.insert(accessRequests).values({ ...input, email });
  return c.json({ ok: true }, 201);
});

userRoutes.get('/by-slug/:slug', async (c) => {
  const slug = c.req.param('slug').toLowerCase();
  const [row] = await c.var.deps.database.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      slug: users.slug,
    })
    .from(users)
    .where(and(eq(users.slug, slug), ne(users.status, 'banned')))
    .limit(1);
  if (!row) throw notFound('No user with this link.');
  return c.json({ user: row });
});

userRoutes.route('/', adminRoutes);
