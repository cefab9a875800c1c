import { defineCountSource } from '@/lib/overview/count-sources';

import { mailsTable } from './tables';

/** The home's mail figures from the mirror: the inbox, and how much of it is unread. */
export const mailCountSource = defineCountSource({
  name: 'mail',
  count: async () => {
    const [mails, unreadMails] = await Promise.all([
      mailsTable().filter((m) => m.folder === 'inbox').count(),
      mailsTable().filter((m) => m.folder === 'inbox' && !m.isRead).count(),
    ]);
    return { mails, unreadMails };
  },
});
