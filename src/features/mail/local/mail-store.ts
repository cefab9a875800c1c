// The mail mirror in Dexie (`mails`, `mailLabels`). Network answers are written here and the
// pages read only from here through useLiveQuery, so what was seen online stays readable
// offline. Per label the newest MIRROR_LIMIT mails are kept with their bodies; a refresh of a
// label replaces that label's window, so moved or deleted mails do not linger.
import { useLiveQuery } from 'dexie-react-hooks';

import { db } from '@/lib/db';
import { startFirstRead, useLiveRead } from '@/lib/first-read';

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

const readLabels = () =>
  labels()
    .orderBy('id')
    .toArray()
    .then((l) => l.sort((a, b) => a.order - b.order));

const LABELS_READ = 'mail:labels';
const listRead = (labelId: string, search: string, rowCount: number) =>
  `mail:list\n${labelId}\n${search}\n${rowCount}`;

export function useMailLabels(): MailLabel[] | undefined {
  return useLiveRead(LABELS_READ, readLabels, []);
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

/** A label's list as the page draws it: every id in order (the count and the scrollbar come
 *  from these) and the mails read so far, from the top. */
export interface MailListView {
  ids: string[];
  rows: Map<string, Mail>;
}

/** The ids of a label's mails, newest first, from the indexes alone: no mail is read. */
async function labelMailIds(labelId: string): Promise<string[]> {
  const [inLabel, byDate] = await Promise.all([
    mails().where('labelIds').equals(labelId).primaryKeys(),
    mails().orderBy('createdAt').primaryKeys(),
  ]);
  const wanted = new Set(inLabel);
  const ids: string[] = [];
  for (let i = byDate.length - 1; i >= 0; i -= 1) if (wanted.has(byDate[i]!)) ids.push(byDate[i]!);
  return ids;
}

/** The mails of a label, newest first: without search only the first `rowCount` mails are
 *  read (the list asks for more as it scrolls); a search reads the label's mails and keeps
 *  those with every word. */
async function readMailList(labelId: string, search: string, rowCount: number): Promise<MailListView> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    const ids = await labelMailIds(labelId);
    const read = await mails().bulkGet(ids.slice(0, rowCount));
    return { ids, rows: new Map(read.flatMap((m) => (m ? [[m.id, m] as const] : []))) };
  }
  const found = (await mails().where('labelIds').equals(labelId).toArray())
    .filter((m) => matches(m, words))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return { ids: found.map((m) => m.id), rows: new Map(found.map((m) => [m.id, m])) };
}

/** Mails read from the device at a time as the list scrolls (see useMailList). */
export const ROWS_PER_READ = 40;

/** The labels and the first screen of a label's list, read as the app boots on the mail page
 *  (src/app/first-reads.ts). */
export function startFirstMailReads(labelId: string, search: string) {
  startFirstRead(LABELS_READ, readLabels);
  startFirstRead(listRead(labelId, search, ROWS_PER_READ), () => readMailList(labelId, search, ROWS_PER_READ));
}

export function useMailList(
  labelId: string,
  search: string,
  rowCount: number,
): MailListView | undefined {
  return useLiveRead(
    listRead(labelId, search, rowCount),
    () => readMailList(labelId, search, rowCount),
    [labelId, search, rowCount],
  );
}

/** Addresses for the compose window's recipient field (the people of the newest mails), read
 *  only while it is open. */
export function useAddressSuggestions(enabled: boolean, myEmail: string | undefined): string[] {
  return (
    useLiveQuery(async () => {
      if (!enabled) return [];
      const recent = await mails().orderBy('createdAt').reverse().limit(MIRROR_LIMIT).toArray();
      const set = new Set<string>();
      for (const m of recent) for (const p of [m.from, ...m.to, ...m.cc]) set.add(p.email);
      if (myEmail) set.delete(myEmail);
      return [...set].sort();
    }, [enabled, myEmail]) ?? []
  );
}

export function useStoredMail(mailId: string | null): Mail | null | undefined {
  return useLiveQuery(
    async () => (mailId ? ((await mails().get(mailId)) ?? null) : null),
    [mailId],
  );
}
