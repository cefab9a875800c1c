// Mail payloads shared by the server and the compose form (one zod schema per input), and the
// shapes the mail calls answer with.
import { z } from 'zod';

import { isValidEmail } from './user.ts';

export const SYSTEM_LABELS = [
  'all',
  'inbox',
  'sent',
  'drafts',
  'starred',
  'important',
  'spam',
  'trash',
] as const;
export type SystemLabelId = (typeof SYSTEM_LABELS)[number];

export const MOVABLE_FOLDERS = ['inbox', 'spam', 'trash'] as const;

export const MAX_RECIPIENTS = 50;
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** all of one mail's attachments together */
export const MAX_TOTAL_ATTACHMENT_BYTES = 25 * 1024 * 1024;
export const MAX_BODY_CHARS = 200_000;
export const MAIL_PAGE_MAX = 500;

const address = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'An address is too long.')
  .refine(isValidEmail, 'Invalid email address.');

const addressList = z.array(address).max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} addresses.`);
const id = z.uuid('Must be an id.');
const ids = z.array(id).min(1, 'Choose at least one mail.').max(1000, 'Too many mails at once.');

export const mailDraftSchema = z
  .object({
    draftId: id.optional(),
    to: addressList.default([]),
    cc: addressList.default([]),
    bcc: addressList.default([]),
    subject: z.string().trim().max(300, 'The subject is too long.').default(''),
    body: z.string().max(MAX_BODY_CHARS, 'The message is too long.').default(''),
    attachmentIds: z
      .array(id)
      .max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} files.`)
      .default([]),
    inReplyToMailId: id.optional(),
  })
  .refine((v) => v.to.length + v.cc.length + v.bcc.length <= MAX_RECIPIENTS, {
    message: `At most ${MAX_RECIPIENTS} recipients in all (to, cc and bcc).`,
    path: ['to'],
  });
export type MailDraftInput = z.input<typeof mailDraftSchema>;

export const sendMailSchema = mailDraftSchema.refine(
  (v) => v.to.length + v.cc.length + v.bcc.length > 0,
  { message: 'Add at least one recipient.', path: ['to'] },
);
export type SendMailInput = z.input<typeof sendMailSchema>;

export const mailListQuery = z.object({
  labelId: z.string().trim().min(1).max(64).default('inbox'),
  search: z.string().trim().max(200, 'The search is too long.').optional(),
  unread: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).default(50),
});

export const mailIdQuery = z.object({ mailId: id });

export const mailFlagsSchema = z
  .object({
    mailIds: ids,
    isRead: z.boolean().optional(),
    isStarred: z.boolean().optional(),
    isImportant: z.boolean().optional(),
  })
  .refine(
    (v) => v.isRead !== undefined || v.isStarred !== undefined || v.isImportant !== undefined,
    {
      message: 'Say which flag to change.',
      path: ['isRead'],
    },
  );

export const mailMoveSchema = z.object({ mailIds: ids, folder: z.enum(MOVABLE_FOLDERS) });
export const mailIdsSchema = z.object({ mailIds: ids });
export const mailLabelAssignSchema = z.object({
  mailIds: ids,
  add: z.array(id).max(50).default([]),
  remove: z.array(id).max(50).default([]),
});

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #00a76f.');
export const labelCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name the label.').max(40, 'The name is too long.'),
  color: colour,
});
export const labelUpdateSchema = z.object({
  labelId: id,
  name: labelCreateSchema.shape.name.optional(),
  color: colour.optional(),
});
export const labelDeleteSchema = z.object({ labelId: id });

export interface MailPerson {
  id?: string;
  name: string;
  email: string;
}

export interface MailAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface Mail {
  id: string;
  messageId: string;
  folder: 'inbox' | 'sent' | 'drafts' | 'spam' | 'trash';
  /** system label ids that apply (all, inbox, starred…) and the owner's own label ids */
  labelIds: string[];
  subject: string;
  /** sanitised HTML */
  message: string;
  preview: string;
  from: MailPerson;
  to: MailPerson[];
  cc: MailPerson[];
  bcc: MailPerson[];
  isRead: boolean;
  isStarred: boolean;
  isImportant: boolean;
  isDraft: boolean;
  attachments: MailAttachment[];
  inReplyToId: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MailLabel {
  id: string;
  type: 'system' | 'custom';
  name: string;
  color: string | null;
  unreadCount: number;
  totalCount: number;
}
