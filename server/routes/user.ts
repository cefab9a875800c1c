// Accounts: sign-up, sign-in, the current user, sign-out everywhere, password reset and email
// verification and password change (server/users/ holds the rules; the profile and access
// requests are user-profile.ts's, user administration user-admin.ts's). Responses follow
// docs/product-rules.md#calls: `{ accessToken, user, videoId? }` for sign-up and
// `{ accessToken, user }` for login.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import { toPublicUser } from '../auth/users.ts';
import type { AppEnv } from '../context.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../contracts/user.ts';
import { routeGroup } from '../openapi/route.ts';
import { accountOf, signOutEverywhere } from '../users/account.ts';
import { changePassword, forgotPassword, resetPassword } from '../users/passwords.ts';
import { signIn } from '../users/sign-in.ts';
import { signUp } from '../users/sign-up.ts';
import { requestVerification, verifyEmail } from '../users/verification.ts';
import { adminRoutes } from './user-admin.ts';
import { profileRoutes } from './user-profile.ts';

export const userRoutes = new Hono<AppEnv>();

const anyone = routeGroup({ tag: 'Account', access: 'public' });
const me = routeGroup({ tag: 'Account', access: 'user' });

userRoutes.post(
  '/signup',
  anyone('Create an account; answers a token and the user (201).', {
    body: signupSchema,
    status: 201,
  }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json(await signUp(c.var.deps, input), 201);
  },
);

userRoutes.post(
  '/login',
  anyone('Sign in with email and password (throttled per address and client).', {
    body: loginSchema,
  }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json(await signIn(c.var.deps, input, c.var.clientIp));
  },
);

userRoutes.get('/jwt/fetch', requireUser, me('The signed-in user.'), async (c) => {
  const row = await accountOf(c.var.deps.database.db, currentUser(c).id);
  return c.json({ user: toPublicUser(row) });
});

userRoutes.post(
  '/logout-all',
  requireUser,
  me('Sign out everywhere: every token issued before now stops working.'),
  async (c) => {
    await signOutEverywhere(c.var.deps.database.db, currentUser(c).id);
    return c.json({ ok: true });
  },
);

userRoutes.post(
  '/password/forgot',
  anyone('Mail a reset link (the same answer whether the address is known or not).', {
    body: forgotPasswordSchema,
  }),
  async (c) => {
    const { email } = c.req.valid('json');
    await forgotPassword(c.var.deps, email, c.var.clientIp);
    return c.json({ ok: true });
  },
);

userRoutes.post(
  '/password/reset',
  anyone('Set a new password with a reset or invitation link.', { body: resetPasswordSchema }),
  async (c) => {
    await resetPassword(c.var.deps, c.req.valid('json'));
    return c.json({ ok: true });
  },
);

userRoutes.post(
  '/verify/request',
  requireUser,
  me('Mail a new address confirmation link.'),
  async (c) => c.json(await requestVerification(c.var.deps, currentUser(c).id)),
);

userRoutes.post(
  '/verify',
  anyone('Confirm the email address with the mailed token.', { body: verifyEmailSchema }),
  async (c) => {
    const { token } = c.req.valid('json');
    return c.json(await verifyEmail(c.var.deps, token));
  },
);

userRoutes.post(
  '/password/change',
  requireUser,
  me('Change my password (the current one is asked).', { body: changePasswordSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json(await changePassword(c.var.deps, currentUser(c).id, input));
  },
);

userRoutes.route('/', profileRoutes);
userRoutes.route('/', adminRoutes);
