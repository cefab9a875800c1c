// Mails that tell an account's owner what was done to it, so an admin cannot take an account
// over in silence (change its email to theirs, resend the invitation, set a password):
// - an email change by an admin is told to the old address, with the new one;
// - a password set with an invitation link is told to the account's address and to every
//   address an admin moved the account away from in the last FORMER_ADDRESS_DAYS days.
// They are sent after the change is committed; a mail that fails is logged and the change
// stands (the admin actions list keeps the record). They hold no link and no secret.
import type { AppDeps } from '../context.ts';
import { formerAddresses } from './admin-actions.ts';

export const FORMER_ADDRESS_DAYS = 30;

const when = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    date,
  ) + ' UTC';

async function send(deps: AppDeps, mail: { to: string; subject: string; text: string }) {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.warn('account notice not sent', { subject: mail.subject, message: (error as Error).message });
  }
}

export async function noticeEmailChanged(
  deps: AppDeps,
  change: { firstName: string; from: string; to: string; at: Date },
) {
  await send(deps, {
    to: change.from,
    subject: 'The email address of your Clipdeck account was changed',
    text: `Hello ${change.firstName},\n\nAn administrator changed the sign-in address of your Clipdeck account from ${change.from} to ${change.to} on ${when(change.at)}. Mail about the account, password links included, now goes to the new address.\n\nIf you did not ask for this, write to ${deps.env.HELP_EMAIL} at once.`,
  });
}

export async function noticePasswordSetByInvitation(
  deps: AppDeps,
  user: { id: string; firstName: string; email: string },
  at: Date,
) {
  const since = new Date(at.getTime() - FORMER_ADDRESS_DAYS * 86_400_000);
  const former = await formerAddresses(deps.database.db, user.id, since);
  const to = [...new Set([user.email, ...former])];
  for (const address of to)
    await send(deps, {
      to: address,
      subject: 'A password was set for your Clipdeck account',
      text: `Hello ${user.firstName},\n\nThe password of the Clipdeck account ${user.email} was set with an invitation link on ${when(at)}, and every other session of the account was signed out.\n\nIf this was not you, write to ${deps.env.HELP_EMAIL} at once.`,
    });
}
