// The compose window's content, and how it is kept when sending cannot happen: a failed send
// while offline (or with the server down) writes the text to the mirror as a local draft that
// shows under Drafts on this device, so nothing the user wrote is lost.
import { escapeHtml } from '../../../../server/contracts/html';
import type { Mail, MailAttachment, SendMailInput } from '../../../../server/contracts/mail';
import { LOCAL_DRAFT_PREFIX, removeMails, storeMails } from './mail-store';

export interface ComposeDraft {
  /** a server draft's id, or a local draft's id */
  draftId?: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  attachments: MailAttachment[];
  inReplyToMailId?: string;
}

export const emptyDraft = (): ComposeDraft => ({
  to: [],
  cc: [],
  bcc: [],
  subject: '',
  body: '',
  attachments: [],
});

export const isLocalDraftId = (id?: string) => Boolean(id?.startsWith(LOCAL_DRAFT_PREFIX));

/** What the server is sent for a draft (a local draft's id stays on the device). */
export const composePayload = (draft: ComposeDraft): SendMailInput => ({
  draftId: isLocalDraftId(draft.draftId) ? undefined : draft.draftId,
  to: draft.to,
  cc: draft.cc,
  bcc: draft.bcc,
  subject: draft.subject,
  body: draft.body,
  attachmentIds: draft.attachments.map((a) => a.id),
  inReplyToMailId: draft.inReplyToMailId,
});

/** Keeps the draft on this device; returns its local id. */
export async function keepLocalDraft(draft: ComposeDraft, me: { name: string; email: string }) {
  const id = isLocalDraftId(draft.draftId)
    ? draft.draftId!
    : `${LOCAL_DRAFT_PREFIX}${crypto.randomUUID()}`;
  const text = draft.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const mail: Mail & { localDraft: ComposeDraft } = {
    id,
    messageId: id,
    folder: 'drafts',
    labelIds: ['drafts'],
    subject: draft.subject,
    message: draft.body,
    preview: text.slice(0, 160),
    from: me,
    to: draft.to.map((email) => ({ name: '', email })),
    cc: draft.cc.map((email) => ({ name: '', email })),
    bcc: draft.bcc.map((email) => ({ name: '', email })),
    isRead: true,
    isStarred: false,
    isImportant: false,
    isDraft: true,
    attachments: draft.attachments,
    inReplyToId: null,
    createdAt: new Date().toISOString(),
    sentAt: null,
    localDraft: { ...draft, draftId: id },
  };
  await storeMails([mail]);
  return id;
}

export async function dropLocalDraft(draft: ComposeDraft) {
  if (isLocalDraftId(draft.draftId)) await removeMails([draft.draftId!]);
}

/** The compose content to reopen a draft (server or local) from its mail. */
export function draftFromMail(mail: Mail): ComposeDraft {
  const local = (mail as Mail & { localDraft?: ComposeDraft }).localDraft;
  if (local) return local;
  return {
    draftId: mail.id,
    to: mail.to.map((p) => p.email),
    cc: mail.cc.map((p) => p.email),
    bcc: mail.bcc.map((p) => p.email),
    subject: mail.subject,
    body: mail.message,
    attachments: mail.attachments,
  };
}

function quote(mail: Mail, heading: string) {
  return `<p></p><p>${escapeHtml(heading)}</p><blockquote>${mail.message}</blockquote>`;
}

export function replyDraft(
  mode: 'reply' | 'replyAll' | 'forward',
  mail: Mail,
  myEmail: string,
  heading: string,
): ComposeDraft {
  const strip = (s: string) => s.replace(/^((re|fwd?):\s*)+/i, '');
  if (mode === 'forward') {
    return {
      ...emptyDraft(),
      subject: `Fwd: ${strip(mail.subject)}`,
      body: quote(mail, heading),
      attachments: mail.attachments,
    };
  }
  const fromMe = mail.from.email === myEmail;
  const to = fromMe ? mail.to.map((p) => p.email) : [mail.from.email];
  const cc =
    mode === 'replyAll'
      ? [...mail.to, ...mail.cc].map((p) => p.email).filter((e) => e !== myEmail && !to.includes(e))
      : [];
  return {
    ...emptyDraft(),
    to,
    cc,
    subject: `Re: ${strip(mail.subject)}`,
    body: quote(mail, heading),
    inReplyToMailId: mail.id,
  };
}
