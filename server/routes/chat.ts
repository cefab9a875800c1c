// Chat REST calls (docs/api.md) plus starting conversations, sending, images and the realtime
// stream. Every call is behind `requireUser` (the stream too: the client reads it with fetch
// and a bearer header, so no token ever sits in a URL) and only sees conversations the caller
// takes part in.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import {
  loadConversations,
  isParticipant,
  listContacts,
  markSeen,
  openConversation,
  postMessage,
  readableChatAttachment,
  resolveConversationKey,
} from '../chat/conversations.ts';
import { forViewer } from '../chat/directory.ts';
import { serveStream } from '../chat/live-stream.ts';
import { markSeenMutation } from '../chat/mark-seen.ts';
import { participantsOf } from '../chat/participants.ts';
import type { AppEnv } from '../context.ts';
import {
  CHAT_IMAGE_TYPES,
  contactsQuery,
  conversationIdQuery,
  conversationKeyQuery,
  MAX_CHAT_IMAGE_BYTES,
  newConversationSchema,
  sendMessageSchema,
} from '../contracts/chat.ts';
import { badRequest, notFound, parseJson, parseQuery } from '../lib/errors.ts';
import { formFile } from '../lib/form-file.ts';
import { attachmentResponse, saveAttachment } from '../mail/attachment-store.ts';
import { mutationPost } from '../sync/registry.ts';

export const chatRoutes = new Hono<AppEnv>();
chatRoutes.use('*', requireUser);

const LIST_MESSAGES = 50;
const THREAD_MESSAGES = 500;

chatRoutes.get('/contacts', async (c) => {
  const { search } = parseQuery(c, contactsQuery);
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const contacts = await listContacts(db, userId, search || undefined);
  return c.json({ contacts: await forViewer(db, userId, contacts) });
});

chatRoutes.get('/conversations', async (c) => {
  const conversations = await loadConversations(c.var.deps.database.db, currentUser(c).id, {
    messageLimit: LIST_MESSAGES,
  });
  return c.json({ conversations });
});

chatRoutes.get('/conversation', async (c) => {
  const { conversationKey } = parseQuery(c, conversationKeyQuery);
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

chatRoutes.get('/conversation/mark-as-seen', async (c) => {
  const { conversationId } = parseQuery(c, conversationIdQuery);
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  if (!(await isParticipant(db, userId, conversationId))) throw notFound('No such conversation.');
  await markSeen(db, userId, conversationId);
  return c.json({ conversationId, unreadCount: 0 });
});
// its twin for the sync queue (a device that opened the conversation offline): idempotent
mutationPost(chatRoutes, '/conversation/mark-as-seen', markSeenMutation);

chatRoutes.get('/participants', async (c) => {
  const { conversationKey } = parseQuery(c, conversationKeyQuery);
  const db = c.var.deps.database.db;
  return c.json({ participants: await participantsOf(db, currentUser(c).id, conversationKey) });
});

chatRoutes.post('/conversations/new', async (c) => {
  const input = await parseJson(c, newConversationSchema);
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

chatRoutes.post('/messages/new', async (c) => {
  const input = await parseJson(c, sendMessageSchema);
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  if (!(await isParticipant(db, userId, input.conversationId)))
    throw notFound('No such conversation.');
  const message = await postMessage(db, userId, input);
  return c.json({ message }, 201);
});

chatRoutes.post('/attachments', async (c) => {
  const file = await formFile(c, 'image');
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type))
    throw badRequest('Only PNG, JPEG, GIF and WebP images can be sent.', {
      file: 'Only PNG, JPEG, GIF and WebP images can be sent.',
    });
  if (file.size === 0 || file.size > MAX_CHAT_IMAGE_BYTES)
    throw badRequest('An image may be at most 10 MB.', { file: 'An image may be at most 10 MB.' });
  const attachment = await saveAttachment(c.var.deps, currentUser(c).id, file, {
    kind: 'chat',
    maxBytes: MAX_CHAT_IMAGE_BYTES,
    contentType: file.type,
    unnamed: 'image',
  });
  return c.json({ attachment }, 201);
});

chatRoutes.get('/attachments/:id', async (c) => {
  const id = c.req.param('id');
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('Invalid attachment id.', { id: 'Invalid id.' });
  const row = await readableChatAttachment(c.var.deps.database.db, currentUser(c).id, id);
  if (!row) throw notFound('No such image.');
  const answer = await attachmentResponse(c.var.deps, c.req.raw, row, true);
  if (!answer) throw notFound('The file is missing.');
  return answer;
});

chatRoutes.get('/stream', serveStream);
