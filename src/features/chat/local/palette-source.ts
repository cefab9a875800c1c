import { entry, type LocalSource } from '@/lib/search/local-index';

import { conversationsTable } from './tables';

/** Text messages as the palette finds them offline: one hit per conversation, its best message. */
export const chatPaletteSource = (userId: string | undefined): LocalSource => ({
  table: conversationsTable.tableName,
  groupBy: (e) => e.hit.id,
  load: async () => {
    const rows = await conversationsTable().toArray();
    return rows.flatMap((c) => {
      const others = c.participants.filter((p) => p.id !== userId);
      const title =
        c.name ?? (others.map((p) => p.name).join(', ') || c.participants[0]?.name || '');
      return c.messages
        .filter((m) => m.contentType === 'text')
        .map((m) =>
          entry(title, m.body, m.createdAt, {
            kind: 'message',
            id: c.id,
            title,
            target: { kind: 'message', conversationId: c.id },
          }),
        );
    });
  },
});
