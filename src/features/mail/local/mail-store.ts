// The mail mirror in Dexie (`mails`, `mailLabels`). Network answers are written here and the
// pages read only from here through useLiveQuery, so what was seen online stays readable
// offline. Per label the newest MIRROR_LIMIT mails are kept with their bodies; a refresh of a
// label replaces that label's window, so moved or deleted mails do not linger.
import { useLiveQuery } from 'dexie-react-hooks';

import { db } from '@/lib/db';

import type { Mail, MailLabel } from '../../../../server/contracts/mail';
import { mailLabelsTable as labels, mailsTable as mails } from './tables';

export const MIRROR_LIMIT = 500;
/** The compose window's unsent text, kept on the device when sending fails offline. */
export const LOCAL_DRAFT_PREFIX = 'local-draft-';

export const isLocalDraft = (mail: { id: string }) => mail.id.startsWith(LOCAL_DRAFT_PREFIX);

export async function storeLabels(list: MailLabel[]) {
  await db.transaction('rw', labels(), async () => {
    await labels().clear();
    await labels().bulkPut(list.map((l, order) => ({ ...l, order })));
  });
}

/** Writes one label's newest mails; rows of that label older-or-equal than the window's end that the server no longer lists there are dropped. */
export async function storeLabelWindow(labelId: string, list: Mail[], complete: boolean) {
  await db.transaction('rw', mails(), async () => {
    const ids = new Set(list.map((m) => m.id));
    const oldest = list.at(-1)?.createdAt ?? '';
    const stale = await mails()
      .where('labelIds')
      .equals(labelId)
      .filter((m) => !ids.has(m.id) && !isLocalDraft(m) && (complete || m.createdAt >= oldest))
      .primaryKeys();
    await mails().bulkDelete(stale);
    await mails().bulkPut(list);
  });
}

export async function storeMails(list: Mail[]) {
  if (list.length > 0) await mails().bulkPut(list);
}

export async function removeMails(ids: string[]) {
  await mails().bulkDelete(ids);
}

export async function patchMails(ids: string[], change: (mail: Mail) => Mail) {
  await db.transaction('rw', mails(), async () => {
    const rows = (await mails().bulkGet(ids)).filter((m): m is Mail => Boolean(m));
    await mails().bulkPut(rows.map(change));
  });
}

export function useMailLabels(): MailLabel[] | undefined {
  return useLiveQuery(
    () =>
      labels()
        .orderBy('id')
        .toArray()
        .then((l) => l.sort((a, b) => a.order - b.order)),
    [],
  );
}

function matches(mail: Mail, words: string[]) {
  const haystack = [
    mail.subject,
    mail.preview,
    mail.message.replace(/<[^>]+>/g, ' '),
    mail.from.name,
    mail.from.email,
    ...mail.to.map((p) => `${p.name} ${p.email}`),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The mails of a label, newest first, filtered locally by the search words. */
export function useLabelMails(labelId: string, search: string): Mail[] | undefined {
  return useLiveQuery(async () => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const rows = await mails().where('labelIds').equals(labelId).toArray();
    const found = words.length ? rows.filter((m) => matches(m, words)) : rows;
    return found.sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
    );
  }, [labelId, search]);
}

export function useStoredMail(mailId: string | null): Mail | null | undefined {
  return useLiveQuery(
    async () => (mailId ? ((await mails().get(mailId)) ?? null) : null),
    [mailId],
  );
}
