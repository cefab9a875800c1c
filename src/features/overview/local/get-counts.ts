import { db } from '@/lib/db';

export interface OverviewCounts {
  mails: number;
  unreadMails: number;
  upcomingEvents: number;
  cards: number;
  conversations: number;
}

/** What the user has on this device (mirrored from the server by each app). */
export async function getOverviewCounts(now = new Date()): Promise<OverviewCounts> {
  const [mails, unreadMails, upcomingEvents, cards, conversations] = await Promise.all([
    db.mails.count(),
    db.mails.filter((m) => m.isUnread === true || m.read === false).count(),
    db.events.where('start').aboveOrEqual(now.toISOString()).count(),
    db.cards.count(),
    db.conversations.count(),
  ]);
  return { mails, unreadMails, upcomingEvents, cards, conversations };
}
