import { liveQuery } from 'dexie';

import { db } from '@/lib/db';

import type { OverviewCounts } from '../../../../server/contracts/overview';

/** What the user has on this device (mirrored from the server by each app): the offline fallback. */
export async function getOverviewCounts(now = new Date()): Promise<OverviewCounts> {
  const [mails, unreadMails, upcomingEvents, cards, openCards, conversations] = await Promise.all([
    db.mails.filter((m) => m.folder === 'inbox').count(),
    db.mails
      .filter((m) => m.folder === 'inbox' && (m.isRead === false || m.read === false))
      .count(),
    db.events.filter((e) => e.end >= now.toISOString()).count(),
    db.cards.count(),
    db.cards.filter((c) => !c.completed).count(),
    db.conversations.toArray(),
  ]);
  const unreadMessages = conversations.reduce(
    (sum, c) => sum + (typeof c.unreadCount === 'number' ? c.unreadCount : 0),
    0,
  );
  return {
    mails,
    unreadMails,
    upcomingEvents,
    cards,
    openCards,
    conversations: conversations.length,
    unreadMessages,
  };
}

/** The device's counts, live: loaded (with Dexie) only when the home needs them. */
export function watchOverviewCounts(onChange: (counts: OverviewCounts) => void): { unsubscribe: () => void } {
  return liveQuery(() => getOverviewCounts()).subscribe({
    next: onChange,
    error: (error: unknown) => console.error('Local counts failed', error),
  });
}
