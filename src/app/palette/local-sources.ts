// What the palette finds offline: the features' Dexie mirrors (mail, chat, calendar, kanban and
// the cart's products), each read through the feature's own table declaration.
import { eventsTable } from '@/features/calendar/local/tables';
import { conversationsTable } from '@/features/chat/local/tables';
import { cardsTable } from '@/features/kanban/local/tables';
import { mailsTable } from '@/features/mail/local/tables';
import { cartTable } from '@/features/shop/local/tables';

import { entry, htmlText, type LocalSource } from './local-index';

const mails: LocalSource = {
  table: mailsTable.tableName,
  load: async () => {
    const rows = await mailsTable().toArray();
    return rows.map((m) =>
      entry(m.subject, htmlText(m.message) || m.preview, m.createdAt, {
        kind: 'mail',
        id: m.id,
        title: m.subject,
        target: { kind: 'mail', mailId: m.id, folder: m.folder },
      }, `${m.from.name} ${m.from.email}`),
    );
  },
};

const messages = (userId: string | undefined): LocalSource => ({
  table: conversationsTable.tableName,
  groupBy: (e) => e.hit.id,
  load: async () => {
    const rows = await conversationsTable().toArray();
    return rows.flatMap((c) => {
      const others = c.participants.filter((p) => p.id !== userId);
      const title = c.name ?? (others.map((p) => p.name).join(', ') || c.participants[0]?.name || '');
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

const events: LocalSource = {
  table: eventsTable.tableName,
  load: async () =>
    (await eventsTable().toArray()).map((e) =>
      entry(e.title, e.description, e.start, {
        kind: 'event',
        id: e.id,
        title: e.title,
        target: { kind: 'event', eventId: e.id, start: e.start },
      }),
    ),
};

const cards: LocalSource = {
  table: cardsTable.tableName,
  load: async () =>
    (await cardsTable().toArray()).map((c) =>
      entry(c.name, c.description, c.updatedAt ?? c.createdAt ?? null, {
        kind: 'card',
        id: c.id,
        title: c.name,
        target: { kind: 'card', cardId: c.id },
      }),
    ),
};

const cartProducts: LocalSource = {
  table: cartTable.tableName,
  groupBy: (e) => e.hit.id,
  load: async () =>
    (await cartTable().toArray()).flatMap((cart) =>
      cart.items.map((item) =>
        entry(item.name, '', cart.updatedAt, {
          kind: 'product',
          id: item.id,
          title: item.name,
          detail: '',
          target: { kind: 'product', slug: item.slug },
        }),
      ),
    ),
};

export function localSources(userId: string | undefined): LocalSource[] {
  return [mails, messages(userId), events, cards, cartProducts];
}
