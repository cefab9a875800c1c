// Who a conversation has, as the viewer may see them (./directory.ts): the participants of a
// conversation the viewer is in, or, for a person they have not talked to yet (the key is that
// person's id), the two people a new conversation would have.
import { eq } from 'drizzle-orm';

import type { ChatParticipant } from '../contracts/chat.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { loadConversations, resolveConversationKey, toParticipant } from './conversations.ts';
import { forViewer } from './directory.ts';

export async function participantsOf(
  db: Executor,
  viewerId: string,
  conversationKey: string,
): Promise<ChatParticipant[]> {
  const id = await resolveConversationKey(db, viewerId, conversationKey);
  if (id) {
    const [conversation] = await loadConversations(db, viewerId, { ids: [id], messageLimit: 0 });
    return conversation?.participants ?? [];
  }
  const [person] = await db.select().from(users).where(eq(users.id, conversationKey)).limit(1);
  const [self] = await db.select().from(users).where(eq(users.id, viewerId)).limit(1);
  if (!person || person.status !== 'active') throw notFound('No such conversation.');
  return forViewer(db, viewerId, [toParticipant(self!), toParticipant(person)]);
}
