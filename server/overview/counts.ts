// The post-login home in one round trip: the user's counts across mail, calendar, kanban and
// chat, and the latest premieres they may watch (by the catalogue search's own rules).
import { sql } from 'drizzle-orm';

import { searchVideos } from '../catalogue/search.ts';
import type { AppDeps } from '../context.ts';
import { searchInputSchema } from '../contracts/catalogue.ts';
import { OVERVIEW_RECENT_VIDEOS, type Overview, type OverviewCounts } from '../contracts/overview.ts';
import { queryRows } from '../db/rows.ts';

export async function overviewOf(deps: AppDeps, userId: string): Promise<Overview> {
  const recent = searchVideos(
    deps,
    searchInputSchema.parse({ sortBy: 'premiereDate', limit: OVERVIEW_RECENT_VIDEOS }),
    { userId },
  );
  const [row] = await queryRows<Record<string, number>>(
    deps.database.db,
    sql`
    select
      (select count(*) from mailbox_items where owner_id = ${userId} and folder = 'inbox')::int as mails,
      (select count(*) from mailbox_items
         where owner_id = ${userId} and folder = 'inbox' and not is_read)::int as unread_mails,
      (select count(*) from calendar_events where user_id = ${userId} and "end" >= now())::int
        as upcoming_events,
      (select count(*) from kanban_cards where user_id = ${userId})::int as cards,
      (select count(*) from kanban_cards where user_id = ${userId} and not completed)::int
        as open_cards,
      (select count(*) from chat_participants where user_id = ${userId})::int as conversations,
      (select count(*) from chat_messages m
         join chat_participants p on p.conversation_id = m.conversation_id
         where p.user_id = ${userId} and m.sender_id <> ${userId} and m.seq > p.last_read_seq)::int
        as unread_messages
  `,
  );
  const counts: OverviewCounts = {
    mails: row?.mails ?? 0,
    unreadMails: row?.unread_mails ?? 0,
    upcomingEvents: row?.upcoming_events ?? 0,
    cards: row?.cards ?? 0,
    openCards: row?.open_cards ?? 0,
    conversations: row?.conversations ?? 0,
    unreadMessages: row?.unread_messages ?? 0,
  };
  return { ...counts, recentVideos: (await recent).items };
}
