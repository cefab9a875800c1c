// Mail REST calls (server/routes/mail.ts). Every answer that carries mails is also written to
// the local mirror by the callers in ../local, so the pages only ever read Dexie.
import { api } from '@/lib/api-client';

import type {
  Mail,
  MailAttachment,
  MailLabel,
  SendMailInput,
} from '../../../../server/contracts/mail';

export interface MailPage {
  mails: Mail[];
  nextCursor: string | null;
}

export interface MailListParams {
  labelId: string;
  search?: string;
  limit?: number;
  cursor?: string;
}

export const getLabels = () => api.get('/api/mail/labels').json<{ labels: MailLabel[] }>();

export function getMails(params: MailListParams) {
  const searchParams: Record<string, string> = {
    labelId: params.labelId,
    limit: String(params.limit ?? 100),
  };
  if (params.search) searchParams.search = params.search;
  if (params.cursor) searchParams.cursor = params.cursor;
  return api.get('/api/mail/mails', { searchParams }).json<MailPage>();
}

export const getMail = (mailId: string) =>
  api.get('/api/mail/mail', { searchParams: { mailId } }).json<{ mail: Mail }>();

export const sendMail = (input: SendMailInput) =>
  api.post('/api/mail/send', { json: input }).json<{ mail: Mail }>();

export const saveDraft = (input: SendMailInput) =>
  api.post('/api/mail/drafts', { json: input }).json<{ mail: Mail }>();

export const setFlags = (
  mailIds: string[],
  flags: { isRead?: boolean; isStarred?: boolean; isImportant?: boolean },
) => api.post('/api/mail/mails/flags', { json: { mailIds, ...flags } }).json<{ mails: Mail[] }>();

export const moveMails = (mailIds: string[], folder: 'inbox' | 'spam' | 'trash') =>
  api.post('/api/mail/mails/move', { json: { mailIds, folder } }).json<{ mails: Mail[] }>();

export const restoreMails = (mailIds: string[]) =>
  api.post('/api/mail/mails/restore', { json: { mailIds } }).json<{ mails: Mail[] }>();

export const deleteMails = (mailIds: string[]) =>
  api.post('/api/mail/mails/delete', { json: { mailIds } }).json<{ deleted: string[] }>();

export const assignLabels = (mailIds: string[], add: string[], remove: string[]) =>
  api.post('/api/mail/mails/labels', { json: { mailIds, add, remove } }).json<{ mails: Mail[] }>();

export const createLabel = (name: string, color: string) =>
  api.post('/api/mail/labels/new', { json: { name, color } }).json<{ label: MailLabel }>();

export function uploadAttachment(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api
    .post('/api/mail/attachments', { body, timeout: 120_000 })
    .json<{ attachment: MailAttachment }>();
}

export const downloadAttachment = (id: string) => api.get(`/api/mail/attachments/${id}`).blob();
