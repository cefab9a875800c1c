// The composed count sources read each feature's own mirror (real Dexie on fake-indexeddb).
import { beforeEach, describe, expect, it } from 'vitest';

import { eventsTable } from '@/features/calendar/local/tables';
import { conversationsTable } from '@/features/chat/local/tables';
import { cardsTable, type CardRow } from '@/features/kanban/local/tables';
import { mailsTable } from '@/features/mail/local/tables';
import { makeMail } from '@/features/mail/testing/make-mail';
import { countOnDevice } from '@/lib/overview/count-sources';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import type { CalendarEvent } from '../../server/contracts/calendar';
import { overviewCountSources } from './overview-count-sources';

beforeEach(async () => {
  await loadSyncRegistry();
  await Promise.all([mailsTable().clear(), eventsTable().clear(), cardsTable().clear(), conversationsTable().clear()]);
});

describe('the home’s counts on the device', () => {
  it('counts the inbox, upcoming events, the board and unread messages from each mirror', async () => {
    await mailsTable().bulkPut([
      makeMail({ isRead: false }),
      makeMail(),
      makeMail({ folder: 'sent', labelIds: ['sent'], isRead: false }),
    ]);
    const event = (id: string, end: string) =>
      ({ id, title: id, description: '', start: end, end, allDay: false, color: '' }) as unknown as CalendarEvent;
    await eventsTable().bulkPut([event('past', '2026-04-30T10:00:00.000Z'), event('next', '2026-05-02T10:00:00.000Z')]);
    const card = (id: string, completed: boolean) =>
      ({ id, name: id, completed, boardId: 'board' }) as unknown as CardRow;
    await cardsTable().bulkPut([card('a', true), card('b', false), card('c', false)]);
    await conversationsTable().bulkPut([
      { id: 'c1', type: 'one-to-one', name: null, participants: [], messages: [], unreadCount: 2, updatedAt: '' },
      { id: 'c2', type: 'group', name: 'Team', participants: [], messages: [], unreadCount: 1, updatedAt: '' },
    ]);
    expect(await countOnDevice(overviewCountSources, new Date('2026-05-01T12:00:00Z'))).toEqual({
      mails: 2,
      unreadMails: 1,
      upcomingEvents: 1,
      cards: 3,
      openCards: 2,
      conversations: 2,
      unreadMessages: 3,
    });
  });
});
