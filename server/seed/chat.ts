// Demo chats between the demo users: a direct conversation with unread messages, one the demo
// user started, and a group, so a newcomer sees unread counts, groups and replies at once.
// Idempotent: it writes nothing when the demo user already takes part in a conversation.
import { eq, sql } from 'drizzle-orm';

import { openConversation, postMessage } from '../chat/conversations.ts';
import type { AppDeps } from '../context.ts';
import { chatConversations, chatMessages, chatParticipants } from '../db/schema/index.ts';
import type { DemoUsers } from './demo-users.ts';

type Line = [sender: string, body: string, minutesAgo: number];

const THREADS: { people: string[]; name?: string; lines: Line[]; readBy?: string[] }[] = [
  {
    people: ['demo', 'sam'],
    lines: [
      ['sam', 'Morning Dana! Did the Friday clips come through?', 190],
      ['demo', 'Yes — I trimmed the long Blade Runner one.', 185],
      ['sam', 'Perfect. Messages here arrive live on the other side, no refresh needed.', 60],
      ['sam', 'Try sending me a picture with the image button.', 58],
    ],
    readBy: [],
  },
  {
    people: ['demo', 'lin'],
    lines: [
      ['demo', 'Lin, is the tagging sprint still on for Tuesday?', 300],
      ['lin', 'It is! 10:00 in the calendar.', 290],
      ['demo', 'Great, see you there.', 280],
    ],
    readBy: ['demo', 'lin'],
  },
  {
    people: ['demo', 'sam', 'lin', 'admin'],
    lines: [
      ['admin', 'Welcome to the team channel. Everyone here sees what is written.', 1500],
      ['lin', 'Hello all 👋', 1490],
      ['sam', 'Chats stay readable on your phone even without a connection.', 30],
    ],
    readBy: ['admin', 'lin'],
  },
];

export async function seedChat(deps: AppDeps, people: DemoUsers): Promise<void> {
  const db = deps.database.db;
  const demo = people.demo;
  if (!demo) return;
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatParticipants)
    .where(eq(chatParticipants.userId, demo.id));
  if ((existing?.n ?? 0) > 0) return;

  for (const thread of THREADS) {
    const [first, ...others] = thread.people.map((k) => people[k]!.id);
    const { id } = await openConversation(db, first!, others);
    let last = new Date();
    for (const [sender, body, minutesAgo] of thread.lines) {
      const message = await postMessage(db, people[sender]!.id, {
        conversationId: id,
        body,
        contentType: 'text',
        attachmentIds: [],
      });
      last = new Date(Date.now() - minutesAgo * 60_000);
      await db.update(chatMessages).set({ createdAt: last }).where(eq(chatMessages.id, message.id));
    }
    await db.update(chatConversations).set({ updatedAt: last }).where(eq(chatConversations.id, id));
    for (const key of thread.readBy ?? []) {
      await db
        .update(chatParticipants)
        .set({
          lastReadSeq: sql`(select coalesce(max(seq), 0) from chat_messages where conversation_id = ${id})`,
        })
        .where(
          sql`${chatParticipants.conversationId} = ${id} and ${chatParticipants.userId} = ${people[key]!.id}`,
        );
    }
  }
}
