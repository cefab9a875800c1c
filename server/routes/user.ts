// Accounts: sign-up, sign-in, the current user, sign-out everywhere, password reset and email
// verification, profile and password change, access requests (server/users/ holds the rules).
// Responses follow docs/product-rules.md#calls: `{ accessToken, user, videoId? }` for sign-up and
// `{ accessToken, user }` for login.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import { toPublicUser } from '../auth/users.ts';
import type { AppEnv } from '../context.ts';
import {
  accessRequestSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../contracts/user.ts';
import { parseJson } from '../lib/errors.ts';
import { requestAccess } from '../users/access-requests.ts';
import {
  accountOf,
  readProfile,
  signOutEverywhere,
  updateProfile,
  userBySlug,
} from '../users/account.ts';
import { changePassword, forgotPassword, resetPassword } from '../users/passwords.ts';
import { signIn } from '../users/sign-in.ts';
import { signUp } from '../users/sign-up.ts';
import { requestVerification, verifyEmail } from '../users/verification.ts';
import { adminRoutes } from './user-admin.ts';

export const userRoutes = new Hono<AppEnv>();

userRoutes.post('/signup', async (c) => {
  const input = await parseJson(c, signupSchema);
  return c.json(await signUp(c.var.deps, input), 201);
});

userRoutes.post('/login', async (c) => {
  const input = await parseJson(c, loginSchema);
  return c.json(await signIn(c.var.deps, input, c.var.clientIp));
});

userRoutes.get('/jwt/fetch', requireUser, async (c) => {
  const row = await accountOf(c.var.deps.database.db, currentUser(c).id);
  return c.json({ user: toPublicUser(row) });
});

userRoutes.post('/logout-all', requireUser, async (c) => {
  await signOutEverywhere(c.var.deps.database.db, currentUser(c).id);
  return c.json({ ok: true });
});

userRoutes.post('/password/forgot', async (c) => {
  const { email } = await parseJson(c, forgotPasswordSchema);
  await forgotPassword(c.var.deps, email, c.var.clientIp);
  return c.json({ ok: true });
});

userRoutes.post('/password/reset', async (c) => {
  await resetPassword(c.var.deps, await parseJson(c, resetPasswordSchema));
  return c.json({ ok: true });
});

userRoutes.post('/verify/request', requireUser, async (c) =>
  c.json(await requestVerification(c.var.deps, currentUser(c).id)),
);

userRoutes.post('/verify', async (c) => {
  const { token } = await parseJson(c, verifyEmailSchema);
  return c.json(await verifyEmail(c.var.deps, token));
});

userRoutes.get('/profile', requireUser, async (c) =>
  c.json(await readProfile(c.var.deps.database.db, currentUser(c).id)),
);

userRoutes.patch('/profile', requireUser, async (c) => {
  const input = await parseJson(c, profileSchema);
  return c.json(await updateProfile(c.var.deps.database.db, currentUser(c).id, input));
});

userRoutes.post('/password/change', requireUser, async (c) => {
  const input = await parseJson(c, changePasswordSchema);
  return c.json(await changePassword(c.var.deps, currentUser(c).id, input));
});

userRoutes.post('/access-request', async (c) => {
  const input = await parseJson(c, accessRequestSchema);
  await requestAccess(c.var.deps.database.db, input, c.var.clientIp);
  return c.json({ ok: true }, 201);
});

userRoutes.get('/by-slug/:slug', async (c) => {
  const user = await userBySlug(c.var.deps.database.db, c.req.param('slug'));
  return c.json({ user });
});

userRoutes.route('/', adminRoutes);
