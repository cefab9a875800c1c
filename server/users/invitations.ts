// Invitations to accounts an admin creates: a single-use `set-password` link (valid
// TOKEN_LIFETIME_MS, a week) to the reset-password page, mailed to the new account's address.
// Each invitation sent is recorded in the admin actions list (./admin-actions.ts). A banned
// account (an address kept from signing up) gets none. A mail that fails keeps the account:
// creating answers `invitationSent: false`, resending a 502, and the admin tries again.
import { issueToken, TOKEN_LIFETIME_MS } from '../auth/one-time-tokens.ts';
import type { UserRow } from '../auth/users.ts';
import type { AppDeps } from '../context.ts';
import type { AdminUserCreate } from '../contracts/user.ts';
import { ApiError, conflict, notFound } from '../lib/errors.ts';
import { recordAdminAction } from './admin-actions.ts';
import { createManagedUser, managedUser } from './admin-users.ts';

const INVITATION_DAYS = TOKEN_LIFETIME_MS['set-password'] / 86_400_000;

/** The acting admin, named as their invitations name them. */
async function actingAdmin(deps: AppDeps, adminId: string) {
  const row = await managedUser(deps.database.db, { id: adminId });
  return { id: adminId, name: row ? `${row.firstName} ${row.lastName}` : 'An administrator' };
}

/** Mails the user a link to set their password (a new one each time; older ones keep working
 *  until used or expired), and records that the admin sent it. */
async function sendInvitation(deps: AppDeps, adminId: string, user: UserRow) {
  const admin = await actingAdmin(deps, adminId);
  const token = await issueToken(deps.database.db, user.id, 'set-password');
  const link = `${deps.env.PUBLIC_URL}/auth/new-password?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Your Clipdeck account is ready',
    text: `Hello ${user.firstName},\n\n${admin.name} created a Clipdeck account for you with this address. Choose your password with this link (valid for ${INVITATION_DAYS} days, usable once):\n${link}\n\nThen sign in with ${user.email} and your new password. If you did not expect this message, ignore it.`,
  });
  await recordAdminAction(deps.database.db, { adminId, userId: user.id, action: 'invited' });
}

export async function createAndInvite(deps: AppDeps, adminId: string, input: AdminUserCreate) {
  const row = await createManagedUser(deps, adminId, input);
  deps.log.info('admin created a user', {
    adminId,
    userId: row.id,
    role: row.role,
    status: row.status,
  });
  let invitationSent = false;
  if (row.status !== 'banned') {
    invitationSent = await sendInvitation(deps, adminId, row).then(
      () => true,
      (error: Error) => {
        deps.log.warn('invitation mail failed', { userId: row.id, message: error.message });
        return false;
      },
    );
  }
  return { row, invitationSent };
}

export async function resendInvitation(deps: AppDeps, adminId: string, userId: string) {
  const row = await managedUser(deps.database.db, { id: userId });
  if (!row) throw notFound('No such user.');
  if (row.status === 'banned')
    throw conflict('This account is banned: make it active or pending first.', {
      status: 'This account is banned.',
    });
  try {
    await sendInvitation(deps, adminId, row);
  } catch (error) {
    deps.log.warn('invitation mail failed', { userId: row.id, message: (error as Error).message });
    throw new ApiError(502, 'The mail could not be sent. Try again later.');
  }
  deps.log.info('admin resent an invitation', { adminId, userId: row.id });
}
