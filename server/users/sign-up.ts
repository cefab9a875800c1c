// Creating an account from the sign-up form (spec: `{ accessToken, user, videoId? }`). The
// email is the account's name: normalised, its domain must be the `emailExtension` sent, and
// it is unique (409 naming `email`, also when a concurrent sign-up takes it first). The URL
// name (`slug`) is made from the person's name; a concurrent sign-up taking it means a fresh
// one. A YouTube channel id asks for that channel (catalogue/channel-claim.ts). The
// verification mail goes last: its failure is logged and does not lose the account
// (POST /verify/request sends it again).
import { eq } from 'drizzle-orm';

import { hashPassword, passwordProblem } from '../auth/password.ts';
import { normaliseEmail, toPublicUser, uniqueSlug, type UserRow } from '../auth/users.ts';
import { requestChannelClaim } from '../catalogue/channel-claim.ts';
import type { AppDeps } from '../context.ts';
import { emailExtension, INVALID_EMAIL, type SignupInput } from '../contracts/user.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, badRequest, conflict } from '../lib/errors.ts';
import { sendVerification } from './verification.ts';

const EMAIL_TAKEN = 'An account with this email already exists.';

async function emailTaken(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return !!row;
}

/** The email's domain, which must be the `emailExtension` the form sent (when it sent one). */
function checkedDomain(email: string, sent: string | undefined) {
  let domain: string;
  try {
    domain = emailExtension(email);
  } catch {
    throw badRequest(INVALID_EMAIL, { email: INVALID_EMAIL });
  }
  if (sent && sent.toLowerCase() !== domain) {
    throw badRequest('emailExtension must be the domain of the email.', {
      emailExtension: `Expected "${domain}".`,
    });
  }
}

async function referrerId(db: Executor, slug: string | null | undefined) {
  if (!slug) return null;
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.slug, slug.toLowerCase()))
    .limit(1);
  return referrer?.id ?? null;
}

async function insertUser(deps: AppDeps, input: SignupInput, email: string): Promise<UserRow> {
  const db = deps.database.db;
  const referringUserId = await referrerId(db, input.referringUserSlug);
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const [row] = await db
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
      if (row) return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      // the slug was taken by a concurrent sign-up: try again with a fresh one
    }
  }
  throw new ApiError(409, 'Could not create the account, please try again.');
}

export async function signUp(deps: AppDeps, input: SignupInput) {
  const email = normaliseEmail(input.email);
  checkedDomain(email, input.emailExtension);
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem, { password: problem });
  if (await emailTaken(deps.database.db, email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const row = await insertUser(deps, input, email);
  const videoId = await requestChannelClaim(deps.database.db, row);
  const accessToken = await deps.tokens.sign(row);
  await sendVerification(deps, row).catch((error: Error) =>
    deps.log.warn('verification mail failed', { userId: row.id, message: error.message }),
  );
  return { accessToken, user: toPublicUser(row), ...(videoId ? { videoId } : {}) };
}
