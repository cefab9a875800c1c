// Signing in with email and password (spec: `{ accessToken, user }`). An unknown email and a
// wrong password get the same 401 after the same work (a dummy hash is verified for an unknown
// email); failures are throttled per account and per client address (auth/throttle.ts, 429).
// A pending account is told to use its invitation, a banned one that it is suspended (403).
import { eq } from 'drizzle-orm';

import { dummyPasswordHash, verifyPassword } from '../auth/password.ts';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from '../auth/throttle.ts';
import { normaliseEmail, toPublicUser } from '../auth/users.ts';
import type { AppDeps } from '../context.ts';
import type { LoginInput } from '../contracts/user.ts';
import { users } from '../db/schema/index.ts';
import { ApiError, unauthorized } from '../lib/errors.ts';

const SIGN_IN_FAILED = 'Incorrect email or password.';

export async function signIn(deps: AppDeps, input: LoginInput, clientIp: string) {
  const db = deps.database.db;
  const email = normaliseEmail(input.email);
  await assertSignInAllowed(db, email, clientIp);
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok) {
    await recordSignInFailure(db, email, clientIp);
    throw unauthorized(SIGN_IN_FAILED);
  }
  if (row.status === 'pending')
    throw new ApiError(
      403,
      'This account is not activated yet. Set your password with the link in your invitation mail.',
    );
  if (row.status !== 'active')
    throw new ApiError(403, 'This account is suspended. Contact an administrator.');
  await clearSignInFailures(db, email, clientIp);
  return { accessToken: await deps.tokens.sign(row), user: toPublicUser(row) };
}
