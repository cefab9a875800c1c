// Booking mails. A Clipdeck user (the host, a signed-in visitor) gets them in their Clipdeck
// mailbox, written in the booking's own transaction (one mail per change, never one for a
// booking that was rolled back); a visitor who was signed out gets them from the server's
// mailer after the commit. Mailbox mails come from the booking system account: a user row with
// a fixed id that cannot sign in (banned, a password hash nothing matches) and cannot be
// written to (mail goes to active users only). Every value a visitor typed is escaped and the
// body goes through the mail sanitiser like any other mail.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { BookingLanguage } from '../contracts/booking.ts';
import type { Executor } from '../db/client.ts';
import { mailboxItems, mailMessages, users } from '../db/schema/index.ts';
import { htmlToText, sanitizeMailHtml } from '../mail/sanitize.ts';
import type { OutgoingMail } from '../mailer/mailer.ts';
import { fill, mailWords, meetingTime } from './mail-text.ts';

export const BOOKING_SENDER_ID = 'c11dec00-b00c-4000-8000-000000000002';
export const BOOKING_SENDER_EMAIL = 'booking@clipdeck.invalid';

async function ensureSender(tx: Executor) {
  const random = () => crypto.randomBytes(16).toString('base64').replace(/=+$/, '');
  await tx
    .insert(users)
    .values({
      id: BOOKING_SENDER_ID,
      email: BOOKING_SENDER_EMAIL,
      username: BOOKING_SENDER_EMAIL,
      firstName: 'Clipdeck',
      lastName: 'Booking',
      slug: 'clipdeck-booking',
      status: 'banned',
      passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${random()}$${random()}${random()}`,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export interface BookingMailFacts {
  kind: 'booked' | 'cancelled';
  title: string;
  /** the other side's name */
  withName: string;
  start: Date;
  end: Date;
  timeZone: string;
  language: BookingLanguage;
  note?: string;
  /** the cancel link (visitor) or the bookings page (host) */
  link?: { hint: 'cancel' | 'manage'; url: string };
}

export interface BookingMail {
  subject: string;
  text: string;
  html: string;
}

export function bookingMail(facts: BookingMailFacts): BookingMail {
  const w = mailWords(facts.language);
  // a subject is one line: a newline a visitor typed must not start a header of its own
  const vars = { title: facts.title, name: facts.withName.replace(/[\r\n]+/g, ' ') };
  const subject = fill(
    facts.kind === 'booked' ? w.bookedSubject : w.cancelledSubject,
    vars,
  ).replace(/[\r\n]+/g, ' ');
  const intro = facts.kind === 'booked' ? w.bookedIntro : w.cancelledIntro;
  const when = meetingTime(facts.start, facts.end, facts.timeZone, facts.language);
  const hint = facts.link ? (facts.link.hint === 'cancel' ? w.cancelHint : w.manageHint) : '';
  const lines = [
    intro,
    '',
    `${w.when}: ${when}`,
    `${w.with}: ${facts.withName}`,
    ...(facts.note ? [`${w.note}: ${facts.note}`] : []),
    ...(facts.link ? ['', `${hint} ${facts.link.url}`] : []),
  ];
  const dir = facts.language === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<div dir="${dir}"><p>${escape(intro)}</p>` +
    `<p><strong>${escape(w.when)}:</strong> ${escape(when)}<br>` +
    `<strong>${escape(w.with)}:</strong> ${escape(facts.withName)}` +
    (facts.note ? `<br><strong>${escape(w.note)}:</strong> ${escape(facts.note)}` : '') +
    '</p>' +
    (facts.link
      ? `<p>${escape(hint)} <a href="${escape(facts.link.url)}">${escape(facts.link.url)}</a></p>`
      : '') +
    '</div>';
  return { subject, text: lines.join('\n'), html };
}

/** Puts a booking mail in a Clipdeck user's inbox, inside the caller's transaction. */
export async function deliverToMailbox(tx: Executor, ownerId: string, mail: BookingMail) {
  await ensureSender(tx);
  const [owner] = await tx
    .select({ email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) return;
  const bodyHtml = sanitizeMailHtml(mail.html);
  const now = new Date();
  const [message] = await tx
    .insert(mailMessages)
    .values({
      senderId: BOOKING_SENDER_ID,
      subject: mail.subject,
      bodyHtml,
      bodyText: htmlToText(bodyHtml),
      to: [{ name: `${owner.first} ${owner.last}`.trim(), email: owner.email }],
      sentAt: now,
    })
    .returning({ id: mailMessages.id });
  await tx
    .insert(mailboxItems)
    .values({ ownerId, messageId: message!.id, folder: 'inbox', receivedAt: now });
}

/** The same mail for an outside address (the server's mailer). */
export const outgoing = (to: string, mail: BookingMail): OutgoingMail => ({
  to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
});
