import { liveQuery } from 'dexie';

import { db } from '@/lib/db';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import type { CalendarEvent } from '../../../../server/contracts/calendar';
import type { Conversation } from '../../../../server/contracts/chat';
import type { KanbanCard } from '../../../../server/contracts/kanban';
import type { Mail } from '../../../../server/contracts/mail';
import type { OverviewCounts } from '../../../../server/contracts/overview';

// the other features' mirrors, read by name (a feature never imports another); the registry
// declares them, so it is loaded before they are read
const mails = () => db.table<Mail, string>('mails');
const events = () => db.table<CalendarEvent, string>('events');
const cards = () => db.table<KanbanCard, string>('cards');
const conversations = () => db.table<Conversation, string>('conversations');

/** What the user has on this device (mirrored from the server by each app): the offline fallback. */
export async function getOverviewCounts(now = new Date()): Promise<OverviewCounts> {
  const [mailCount, unreadMails, upcomingEvents, cardCount, openCards, list] = await Promise.all([
    mails().filter((m) => m.folder === 'inbox').count(),
    mails().filter((m) => m.folder === 'inbox' && !m.isRead).count(),
    events().filter((e) => e.end >= now.toISOString()).count(),
    cards().count(),
    cards().filter((c) => !c.completed).count(),
    conversations().toArray(),
  ]);
  const unreadMessages = list.reduce((sum, c) => sum + c.unreadCount, 0);
  return {
    mails: mailCount,
    unreadMails,
    upcomingEvents,
    cards: cardCount,
    openCards,
    conversations: list.length,
    unreadMessages,
  };
}

/** The device's counts, live: loaded (with Dexie) only when the home needs them. */
export function watchOverviewCounts(onChange: (counts: OverviewCounts) => void): { unsubscribe: () => void } {
  let subscription: { unsubscribe: () => void } | null = null;
  let stopped = false;
  void loadSyncRegistry().then(() => {
    if (stopped) return;
    subscription = liveQuery(() => getOverviewCounts()).subscribe({
      next: onChange,
      error: (error: unknown) => console.error('Local counts failed', error),
    });
  });
  return {
    unsubscribe: () => {
      stopped = true;
      subscription?.unsubscribe();
    },
  };
}
