import { entry, htmlText, type LocalSource } from '@/lib/search/local-index';

import { mailsTable } from './tables';

/** Mails as the palette finds them offline: by subject, sender and text. */
export const mailPaletteSource: LocalSource = {
  table: mailsTable.tableName,
  load: async () => {
    const rows = await mailsTable().toArray();
    return rows.map((m) =>
      entry(
        m.subject,
        htmlText(m.message) || m.preview,
        m.createdAt,
        {
          kind: 'mail',
          id: m.id,
          title: m.subject,
          target: { kind: 'mail', mailId: m.id, folder: m.folder },
        },
        `${m.from.name} ${m.from.email}`,
      ),
    );
  },
};
