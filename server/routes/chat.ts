// Chat REST calls (docs/api.md) plus starting conversations and sending; the images are
// chat-media.ts's, and new messages reach open tabs as notices on GET /api/live. Every call is
// behind `requireUser` and only sees conversations the caller takes part in.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import {
  loadConversations,
  isParticipant,
  listContacts,
  markSeen,
  openConversation,
  postMessage,
  resolveConversationKey,
} from '../chat/conversations.ts';
import { forViewer } from '../chat/directory.ts';
import { markSeenMutation } from '../chat/mark-seen.ts';
import { participantsOf } from '../chat/participants.ts';
import type { AppEnv } from '../context.ts';
import {
  contactsQuery,
  conversationIdQuery,
  conversationKeyQuery,
  markSeenSchema,
  newConversationSchema,
  sendMessageSchema,
} from '../contracts/chat.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../openapi/route.ts';
import { mutationPost } from '../sync/registry.ts';
import { chatMediaRoutes } from './chat-media.ts';

export const chatRoutes = new Hono<AppEnv>();
chatRoutes.use('*', requireUser);

const LIST_MESSAGES = 50;
const THREAD_MESSAGES = 500;
const chat = { tag: 'Chat', access: 'user' } as const;

const contacts = route({ ...chat, summary: 'People I can chat with.', query: contactsQuery });
chatRoutes.get('/contacts', contacts, async (c) => {
  const { search } = c.req.valid('query');
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const contacts = await listContacts(db, userId, search || undefined);
  return c.json({ contacts: await forViewer(db, userId, contacts) });
});

chatRoutes.get('/conversations', route({ ...chat, summary: 'My conversations.' }), async (c) => {
  const conversations = await loadConversations(c.var.deps.database.db, currentUser(c).id, {
    messageLimit: LIST_MESSAGES,
  });
  return c.json({ conversations });
});

const summary = 'One conversation and its messages.';
const one = route({ ...chat, summary, query: conversationKeyQuery });
chatRoutes.get('/conversation', one, async (c) => {
  const { conversationKey } = c.req.valid('query');
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const id = await resolveConversationKey(db, userId, conversationKey);
  if (!id) throw notFound('No such conversation.');
  const [conversation] = await loadConversations(db, userId, {
    ids: [id],
    messageLimit: THREAD_MESSAGES,
  });
  if (!conversation) throw notFound('No such conversation.');
  return c.json({ conversation });
});

const seen = route({
  ...chat,
  summary: 'Mark a conversation as read.',
  query: conversationIdQuery,
});
chatRoutes.get('/conversation/mark-as-seen', seen, async (c) => {
  const { conversationId } = c.req.valid('query');
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  if (!(await isParticipant(db, userId, conversationId))) throw notFound('No such conversation.');
  await markSeen(db, userId, conversationId);
  return c.json({ conversationId, unreadCount: 0 });
});
// its twin for the sync queue (a device that opened the conversation offline): idempotent
mutationPost(
  chatRoutes,
  '/conversation/mark-as-seen',
  {
    tag: 'Chat',
    summary: 'Mark a conversation as read up to a message (sync-able: queued by a device offline).',
    body: markSeenSchema,
  },
  markSeenMutation,
);

const participants = route({
  ...chat,
  summary: "A conversation's participants.",
  query: conversationKeyQuery,
});
chatRoutes.get('/participants', participants, async (c) => {
  const { conversationKey } = c.req.valid('query');
  const db = c.var.deps.database.db;
  return c.json({ participants: await participantsOf(db, currentUser(c).id, conversationKey) });
});

const start = route({ ...chat, summary: 'Start a conversation.', body: newConversationSchema });
chatRoutes.post('/conversations/new', start, async (c) => {
  const input = c.req.valid('json');
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const { id, created } = await openConversation(db, userId, input.participantIds);
  if (input.message) await postMessage(db, userId, { conversationId: id, ...input.message });
  const [conversation] = await loadConversations(db, userId, {
    ids: [id],
    messageLimit: THREAD_MESSAGES,
  });
  return c.json({ conversation }, created ? 201 : 200);
});

const send = route({ ...chat, summary: 'Send a message.', body: sendMessageSchema, status: 201 });
chatRoutes.post('/messages/new', send, async (c) => {
  const input = c.req.valid('json');
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  if (!(await isParticipant(db, userId, input.conversationId)))
    throw notFound('No such conversation.');
  const message = await postMessage(db, userId, input);
  return c.json({ message }, 201);
});

chatRoutes.route('/', chatMediaRoutes);
