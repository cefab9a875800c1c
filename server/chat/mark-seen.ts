// Marking a conversation seen from the sync queue: a device that opened it offline queues this
// change and replays it once it reaches the server (POST /api/chat/conversation/mark-as-seen,
// applied exactly once per Idempotency-Key by sync/idempotency.ts).
import { markSeenSchema } from '../contracts/chat.ts';
import { notFound, validate } from '../lib/errors.ts';
import type { Mutation } from '../sync/idempotency.ts';
import { isParticipant, markSeen } from './conversations.ts';

export const markSeenMutation: Mutation = async (tx, body, { user }) => {
  const { conversationId, upToSeq } = validate(markSeenSchema, body);
  if (!(await isParticipant(tx, user.id, conversationId))) throw notFound('No such conversation.');
  const unreadCount = await markSeen(tx, user.id, conversationId, upToSeq);
  return { status: 200, body: { conversationId, unreadCount } };
};
