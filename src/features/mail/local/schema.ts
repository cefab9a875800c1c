import type { MirrorStore } from '@/lib/db-stores';

/** The mail mirror: mails by label and date, and the labels. */
export const mailStore = { tables: { mails: 'id, labelIds*, createdAt', mailLabels: 'id' } } satisfies MirrorStore;
