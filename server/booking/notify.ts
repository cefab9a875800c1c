// Booking mails. A Clipdeck user (the host, a signed-in visitor) gets them in their Clipdeck
// mailbox, written in the booking's own transaction (one mail per change, never one for a
// booking that was rolled back); a visitor who was signed out gets them from the server's
// mailer after the commit. Mailbox mails come from the booking system account: a user row with
// a fixed id that cannot sign in (banned, a password hash nothing matches) and cannot be
// written to (mail goes to active users only). Every value a visitor typed is escaped and the
// body goes through the mail sanitiser like any other mail.
// A mail to an outside address (a visitor who was signed out) is sent on behalf of someone who
// proved nothing, to an address they typed, so it carries no words a stranger chose
// (`forOutsideAddress`): never the visitor's note or name, and the host's page title and name
// only when the host's email is verified (words of a verified account, named as theirs);
// otherwise the mail says "your meeting" and links to the page that shows the details.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { BookingLanguage } from '../contracts/booking.ts';
import { escapeHtml } from '../contracts/html.ts';
import { LANGUAGE_META } from '../contracts/languages.ts';
import type { Executor } from '../db/client.ts';
import { mailboxItems, mailMessages, users } from '../db/schema/index.ts';
import { announce, MAIL_NOTICE } from '../live/bus.ts';
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


export interface BookingMailFacts {
  kind: 'booked' | 'cancelled';
  /** the page's title; null leaves the host's words out (a plain subject, no "With" line) */
  title: string | null;
  /** the other side's name (null with the title) */
  withName: string | null;
  start: Date;
  end: Date;
  timeZone: string;
  language: BookingLanguage;
  note?: string;
  /** the cancel link (visitor), the same as where the details are, or the bookings page (host) */
  link?: { hint: 'cancel' | 'details' | 'manage'; url: string };
}

/** What a mail to an outside address may say (see the header). */
export function forOutsideAddress(facts: BookingMailFacts, hostVerified: boolean): BookingMailFacts {
  const { note: _visitorsWords, ...rest } = facts;
  if (hostVerified) return rest;
  return {
    ...rest,
    title: null,
    withName: null,
    link: rest.link ? { hint: 'details', url: rest.link.url } : undefined,
  };
}

export interface BookingMail {
  subject: string;
  text: string;
  html: string;
}

export function bookingMail(facts: BookingMailFacts): BookingMail {
  const w = mailWords(facts.language);
  const plain = facts.title === null || facts.withName === null;
  // a subject is one line: a newline a visitor typed must not start a header of its own
  const vars = { title: facts.title ?? '', name: (facts.withName ?? '').replace(/[\r\n]+/g, ' ') };
  const booked = facts.kind === 'booked';
  const subject = fill(
    plain
      ? booked
        ? w.bookedSubjectPlain
        : w.cancelledSubjectPlain
      : booked
        ? w.bookedSubject
        : w.cancelledSubject,
    vars,
  ).replace(/[\r\n]+/g, ' ');
  const intro = booked ? w.bookedIntro : w.cancelledIntro;
  const when = meetingTime(facts.start, facts.end, facts.timeZone, facts.language);
  const hints = { cancel: w.cancelHint, details: w.detailsHint, manage: w.manageHint };
  const hint = facts.link ? hints[facts.link.hint] : '';
  const lines = [
    intro,
    '',
    `${w.when}: ${when}`,
    ...(facts.withName === null ? [] : [`${w.with}: ${facts.withName}`]),
    ...(facts.note ? [`${w.note}: ${facts.note}`] : []),
    ...(facts.link ? ['', `${hint} ${facts.link.url}`] : []),
  ];
  const { dir } = LANGUAGE_META[facts.language];
  const html =
    `<div dir="${dir}"><p>${escapeHtml(intro)}</p>` +
    `<p><strong>${escapeHtml(w.when)}:</strong> ${escapeHtml(when)}` +
    (facts.withName === null
      ? ''
      : `<br><strong>${escapeHtml(w.with)}:</strong> ${escapeHtml(facts.withName)}`) +
    (facts.note ? `<br><strong>${escapeHtml(w.note)}:</strong> ${escapeHtml(facts.note)}` : '') +
    '</p>' +
    (facts.link
      ? `<p>${escapeHtml(hint)} <a href="${escapeHtml(facts.link.url)}">${escapeHtml(facts.link.url)}</a></p>`
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
  announce(MAIL_NOTICE);
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
