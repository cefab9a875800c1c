import { and, desc, eq, sql } from 'drizzle-orm';

import { snippet, type SearchHit } from '../contracts/search.ts';
import { chatConversations, chatMessages, chatParticipants, users } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, hit, iso, low, type SearchSource } from '../search/source.ts';

/** Text messages of the conversations the searcher is in, one hit per conversation: its best message. */
export const chatSearchSource: SearchSource = async (db, who, words) => {
  const senderName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      name: chatConversations.name,
      body: chatMessages.body,
      senderName,
      at: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, who.userId)))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.contentType, 'text'), everyWord(words, [chatMessages.body, sql`coalesce(${chatConversations.name}, '')`, senderName])))
    .orderBy(desc(chatMessages.createdAt))
    .limit(CANDIDATES);
  // one hit per conversation: its best message
  const best = new Map<string, SearchHit>();
  for (const r of rows) {
    const h = hit(words, r.name ?? r.senderName, r.body, iso(r.at), {
      kind: 'message',
      id: r.conversationId,
      titleText: low(r.name, r.senderName),
      detail: `${r.senderName}: ${snippet(r.body, words)}`,
      target: { kind: 'message', conversationId: r.conversationId },
    });
    const kept = best.get(r.conversationId);
    if (h && (!kept || h.score > kept.score)) best.set(r.conversationId, h);
  }
  return [...best.values()];
};
