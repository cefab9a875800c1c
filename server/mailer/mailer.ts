// Outgoing email. With SMTP_URL set, messages go through SMTP (nodemailer); otherwise each
// message is written as an .eml-like JSON file to DATA_DIR/outbox/ and its path is logged,
// so password-reset and verification links work on a machine with no mail server.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';

import type { Logger } from '../lib/logger.ts';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  /** where answers go (the contact form: the visitor who wrote) */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** files sent with the mail (SMTP: MIME parts; the outbox: files beside the message) */
  attachments?: OutgoingAttachment[];
}

export interface Mailer {
  send: (mail: OutgoingMail) => Promise<void>;
}

export function createOutboxMailer(dir: string, from: string, log: Logger): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.json`,
      );
      const { attachments = [], ...message } = mail;
      const files = await Promise.all(
        attachments.map(async (a, i) => {
          const name = `${file.slice(0, -'.json'.length)}-${i + 1}-${a.filename.replace(/[^\w.-]/g, '_')}`;
          await fs.writeFile(name, a.content);
          return { filename: a.filename, contentType: a.contentType, file: name };
        }),
      );
      // written beside it, then renamed: a reader of the outbox never sees half a message
      const partial = `${file}.partial`;
      await fs.writeFile(
        partial,
        JSON.stringify(
          { from, ...message, attachments: files, date: new Date().toISOString() },
          null,
          2,
        ),
      );
      await fs.rename(partial, file);
      log.info('mail written to outbox', { file, subject: mail.subject });
    },
  };
}

export function createSmtpMailer(url: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
      log.info('mail sent by SMTP', { subject: mail.subject });
    },
  };
}

/** A mailer that keeps messages in memory (tests read them back). */
export function createMemoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    send(mail) {
      sent.push(mail);
      return Promise.resolve();
    },
  };
}
