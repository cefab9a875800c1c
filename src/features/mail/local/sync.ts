// Mail in the sync registry: its tables (wiped on logout) and its pull (the labels and the
// inbox's newest mails). Mail is sent online, so it queues no operations.
import { defineFeatureSync, featurePull } from '@/lib/sync/registry';

import type { Mail, MailLabel } from '../../../../server/contracts/mail';
import { storeLabels, storeLabelWindow } from './mail-store';
import { mailLabelsTable, mailsTable } from './tables';

const INBOX_WINDOW = 50;

interface MailSnapshot {
  labels: MailLabel[];
  inbox: { mails: Mail[]; nextCursor: string | null };
}

export const mailSync = defineFeatureSync({
  name: 'mail',
  tables: [mailsTable, mailLabelsTable],
  operations: {},
  pull: featurePull<MailSnapshot>({
    fetch: async (getJson) => {
      const [{ labels }, inbox] = await Promise.all([
        getJson<{ labels: MailLabel[] }>('/api/mail/labels'),
        getJson<MailSnapshot['inbox']>(`/api/mail/mails?labelId=inbox&limit=${INBOX_WINDOW}`),
      ]);
      return { labels, inbox };
    },
    write: async ({ labels, inbox }) => {
      await storeLabels(labels);
      await storeLabelWindow('inbox', inbox.mails, inbox.nextCursor === null);
    },
  }),
});
