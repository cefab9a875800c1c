// Sending an invoice. To a Clipdeck user: a mail in their Clipdeck mailbox, delivered by the
// mail feature's own `sendMail` (server/mail/delivery.ts) from the issuer, with the PDF as an
// attachment stored like any upload and a link to /dashboard/invoice/<id>. To an outside
// address: the server's mailer (SMTP or the outbox directory) with the PDF attached. The PDF's
// bytes go to server/storage like any upload (a blob no row points at is collected). Either
// way a draft becomes pending. Names and notes reach mail bodies only escaped.
// Only an issuer with a verified email sends (mail/verified-sender.ts), at most
// INVOICE_SENDS_PER_HOUR times an hour (each renders a PDF and delivers a mail). A mail to an outside address
// carries the issuer's words as theirs: the message quoted under "<name> (<verified email>)
// wrote:", a closing line naming the verified account, and Reply-To that address, so nothing
// the issuer typed reads as Clipdeck's own words.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppDeps } from '../context.ts';
import { escapeHtml } from '../contracts/html.ts';
import { formatInvoiceMoney } from '../contracts/invoice-totals.ts';
import type { Invoice, InvoiceLanguage, invoiceSendSchema } from '../contracts/invoice.ts';
import { canDo } from '../contracts/invoice.ts';
import { LANGUAGE_META } from '../contracts/languages.ts';
import type { Executor } from '../db/client.ts';
import { attachments, invoices, users } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';
import { spendLimit } from '../lib/rate-limit.ts';
import { sendMail } from '../mail/delivery.ts';
import { verifiedSender } from '../mail/verified-sender.ts';
import { storageOf } from '../storage/storage.ts';
import { renderInvoicePdf } from './pdf/render.ts';
import { assertAllowed, ownInvoice, toInvoice, type InvoiceRow } from './store.ts';
import { invoiceText } from './strings.ts';

/** A file name safe in any header and file system: 'INV-0007.pdf'. */
export const pdfFileName = (invoice: Pick<Invoice, 'numberLabel'>) =>
  `${invoice.numberLabel.replace(/[^\w-]/g, '_')}.pdf`;

export interface SendTarget {
  /** the recipient's Clipdeck user id, or null for an outside address */
  userId: string | null;
  email: string;
}

export async function sendInvoice(
  deps: AppDeps,
  invoice: Invoice,
  target: SendTarget,
  language: InvoiceLanguage,
  message: string,
  /** the issuer's verified address */
  senderEmail: string,
): Promise<{ delivered: 'mailbox' | 'email'; mailId?: string }> {
  const t = invoiceText(language);
  const { pdf } = await renderInvoicePdf(invoice, language);
  const link = `${deps.env.PUBLIC_URL.replace(/\/$/, '')}/dashboard/invoice/${invoice.id}`;
  const total = formatInvoiceMoney(invoice.total, invoice.currency, LANGUAGE_META[language].intl);
  const due = new Intl.DateTimeFormat(LANGUAGE_META[language].intl, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${invoice.dueDate}T00:00:00Z`));
  const vars = { name: invoice.issuer.name, number: invoice.numberLabel, total, due };
  const subject = t('mail.subject', vars);
  const intro = t('mail.intro', vars);
  const { dir } = LANGUAGE_META[language];
  const openLine =
    `<p>${escapeHtml(t('mail.open'))} <a href="${escapeHtml(link)}">${escapeHtml(invoice.numberLabel)}</a></p>` +
    `<p>${escapeHtml(t('mail.attached'))}</p>`;
  const fileName = pdfFileName(invoice);

  if (target.userId) {
    const db = deps.database.db;
    const blob = await storageOf(deps).put(new Uint8Array(pdf));
    const [row] = await db
      .insert(attachments)
      .values({
        ownerId: invoice.issuer.userId!,
        kind: 'mail',
        fileName,
        contentType: 'application/pdf',
        size: blob.size,
        blobHash: blob.hash,
      })
      .returning({ id: attachments.id });
    const attachmentId = row!.id;
    // in the recipient's Clipdeck mailbox the mail is the issuer's own, from their account
    const html =
      `<div dir="${dir}">` +
      (message ? `<p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>` : '') +
      `<p>${escapeHtml(intro)}</p>${openLine}</div>`;
    try {
      const mailId = await sendMail(deps, invoice.issuer.userId!, {
        to: [target.email],
        cc: [],
        bcc: [],
        subject,
        body: html,
        attachmentIds: [attachmentId],
      });
      return { delivered: 'mailbox', mailId };
    } catch (error) {
      await db.delete(attachments).where(eq(attachments.id, attachmentId));
      throw error;
    }
  }
  const wrote = t('mail.wrote', { name: invoice.issuer.name, email: senderEmail });
  const sentBy = t('mail.sentBy', { email: senderEmail });
  const html =
    `<div dir="${dir}"><p>${escapeHtml(intro)}</p>` +
    (message
      ? `<p>${escapeHtml(wrote)}</p><blockquote>${escapeHtml(message).replace(/\n/g, '<br>')}</blockquote>`
      : '') +
    `${openLine}<p>${escapeHtml(sentBy)}</p></div>`;
  const quoted = message ? `${wrote}\n${message.replace(/^/gm, '> ')}` : '';
  const text = [intro, quoted, `${t('mail.open')} ${link}`, t('mail.attached'), sentBy]
    .filter(Boolean)
    .join('\n\n');
  await deps.mailer.send({
    to: target.email,
    replyTo: senderEmail,
    subject,
    text,
    html,
    attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
  });
  return { delivered: 'email' };
}

/** Draft → pending (a resend of a pending invoice keeps it pending). */
export async function markSent(deps: AppDeps, invoiceId: string) {
  const now = new Date();
  await deps.database.db
    .update(invoices)
    .set({ status: 'pending', sentAt: now, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ['draft', 'pending'])));
}

export const INVOICE_SENDS_PER_HOUR = 30;

/** Where the invoice goes: its Clipdeck recipient (409 when they no longer have an account),
 *  else the outside address it names. */
async function targetOf(db: Executor, row: InvoiceRow): Promise<SendTarget> {
  if (!row.recipientUserId) return { userId: null, email: row.recipientEmail };
  const [person] = await db
    .select({ email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, row.recipientUserId));
  if (!person || person.status !== 'active')
    throw new ApiError(409, 'The recipient no longer has an account.', {
      recipient: 'The recipient no longer has an account.',
    });
  return { userId: row.recipientUserId, email: person.email };
}

/** The issuer sends (or sends again) one of their invoices. */
export async function sendOwnInvoice(
  deps: AppDeps,
  issuerId: string,
  id: string,
  input: z.infer<typeof invoiceSendSchema>,
) {
  const db = deps.database.db;
  const row = await ownInvoice(db, issuerId, id);
  assertAllowed(row, 'send');
  const sender = await verifiedSender(db, issuerId);
  const target = await targetOf(db, row);
  await spendLimit(
    db,
    `invoice-send:user:${issuerId}`,
    { perWindow: INVOICE_SENDS_PER_HOUR, windowSeconds: 3600 },
    'Too many invoices sent in the last hour. Try again later.',
  );
  const invoice = await toInvoice(db, row, issuerId);
  const result = await sendInvoice(
    deps,
    invoice,
    target,
    input.language ?? 'en',
    input.message,
    sender.email,
  );
  if (canDo(row.status, 'send')) await markSent(deps, row.id);
  return result;
}
