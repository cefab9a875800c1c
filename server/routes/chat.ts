// Chat REST calls (spec point 7) plus starting conversations, sending, images and the realtime
// stream. Every call is behind `requireUser` (the stream too: the client reads it with fetch
// and a bearer header, so no token ever sits in a URL) and only sees conversations the caller
// takes part in.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';

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
  toParticipant,
} from '../chat/conversations.ts';
import { forViewer } from '../chat/directory.ts';
import {
  currentCursor,
  LOOKBACK,
  onNewRows,
  parseCursor,
  readSince,
  touchPresence,
} from '../chat/stream.ts';
import type { AppEnv } from '../context.ts';
import {
  CHAT_IMAGE_TYPES,
  contactsQuery,
  conversationIdQuery,
  conversationKeyQuery,
  MAX_CHAT_IMAGE_BYTES,
  newConversationSchema,
  sendMessageSchema,
  streamQuery,
} from '../contracts/chat.ts';
import { attachments, users } from '../db/schema/index.ts';
import { badRequest, notFound, parseJson, parseQuery } from '../lib/errors.ts';
import { contentDisposition, readAttachment, writeAttachment } from '../mail/attachment-store.ts';

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

chatRoutes.get('/participants', async (c) => {
  const { conversationKey } = parseQuery(c, conversationKeyQuery);
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const id = await resolveConversationKey(db, userId, conversationKey);
  if (id) {
    const [conversation] = await loadConversations(db, userId, { ids: [id], messageLimit: 0 });
    return c.json({ participants: conversation?.participants ?? [] });
  }
  // a person the caller has not talked to yet: the participants a new conversation would have
  const [person] = await db.select().from(users).where(eq(users.id, conversationKey)).limit(1);
  const [self] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!person || person.status !== 'active') throw notFound('No such conversation.');
  return c.json({
    participants: await forViewer(db, userId, [toParticipant(self!), toParticipant(person)]),
  });
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
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest('Send the image as multipart/form-data.', { file: 'Missing file.' });
  }
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('Missing file.', { file: 'Missing file.' });
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type))
    throw badRequest('Only PNG, JPEG, GIF and WebP images can be sent.', {
      file: 'Only PNG, JPEG, GIF and WebP images can be sent.',
    });
  if (file.size === 0 || file.size > MAX_CHAT_IMAGE_BYTES)
    throw badRequest('An image may be at most 10 MB.', { file: 'An image may be at most 10 MB.' });
  const id = crypto.randomUUID();
  const fileName = (file.name || 'image').slice(0, 200);
  await writeAttachment(c.var.deps, id, new Uint8Array(await file.arrayBuffer()));
  await c.var.deps.database.db.insert(attachments).values({
    id,
    ownerId: currentUser(c).id,
    kind: 'chat',
    fileName,
    contentType: file.type,
    size: file.size,
  });
  return c.json({ attachment: { id, fileName, contentType: file.type, size: file.size } }, 201);
});

chatRoutes.get('/attachments/:id', async (c) => {
  const id = c.req.param('id');
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('Invalid attachment id.', { id: 'Invalid id.' });
  const row = await readableChatAttachment(c.var.deps.database.db, currentUser(c).id, id);
  if (!row) throw notFound('No such image.');
  const bytes = await readAttachment(c.var.deps, id);
  if (!bytes) throw notFound('The file is missing.');
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': row.contentType,
    'Content-Disposition': contentDisposition('inline', row.fileName),
    'Cache-Control': 'private, max-age=86400',
  });
});

const PING_MS = 15_000;
const PRESENCE_MS = 60_000;

chatRoutes.get('/stream', async (c) => {
  const { after, topics } = parseQuery(c, streamQuery);
  const wants = { chat: topics.includes('chat'), mail: topics.includes('mail') };
  const deps = c.var.deps;
  const db = deps.database.db;
  const userId = currentUser(c).id;
  const resume = parseCursor(c.req.header('last-event-id') ?? after);
  // On resume, look back a little (the client de-duplicates by message id) so a row that
  // committed late is not skipped; a fresh stream starts at the current head.
  const floor = resume
    ? { chat: Math.max(0, resume.chat - LOOKBACK), mail: Math.max(0, resume.mail - LOOKBACK) }
    : await currentCursor(db);
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const cursor = { ...floor };
    const sent = { chat: new Set<number>(), mail: new Set<number>() };
    let pending = true;
    let wake = () => {};
    const unsubscribe = onNewRows(deps, () => {
      pending = true;
      wake();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake();
    });
    const id = () => `${cursor.chat}.${cursor.mail}`;
    await stream.writeSSE({
      event: 'ready',
      id: id(),
      retry: 1000,
      data: JSON.stringify({ cursor: id() }),
    });
    await touchPresence(db, userId);
    let lastWrite = Date.now();
    let lastPresence = Date.now();
    try {
      while (!stream.aborted) {
        if (pending) {
          pending = false;
          const batch = await readSince(
            db,
            userId,
            {
              chat: Math.max(floor.chat, cursor.chat - LOOKBACK),
              mail: Math.max(floor.mail, cursor.mail - LOOKBACK),
            },
            sent,
            wants,
          );
          for (const message of batch.messages) {
            sent.chat.add(message.seq);
            cursor.chat = Math.max(cursor.chat, message.seq);
            await stream.writeSSE({ event: 'message', id: id(), data: JSON.stringify(message) });
          }
          for (const mail of batch.mails) {
            sent.mail.add(mail.seq);
            cursor.mail = Math.max(cursor.mail, mail.seq);
            await stream.writeSSE({ event: 'mail', id: id(), data: JSON.stringify(mail) });
          }
          if (batch.messages.length + batch.mails.length > 0) lastWrite = Date.now();
          if (batch.messages.length >= 500 || batch.mails.length >= 500) pending = true;
          for (const seq of sent.chat) if (seq < cursor.chat - LOOKBACK) sent.chat.delete(seq);
          for (const seq of sent.mail) if (seq < cursor.mail - LOOKBACK) sent.mail.delete(seq);
        }
        const now = Date.now();
        if (now - lastWrite >= PING_MS) {
          await stream.writeSSE({ event: 'ping', data: '' });
          lastWrite = now;
        }
        if (now - lastPresence >= PRESENCE_MS) {
          await touchPresence(db, userId);
          lastPresence = now;
        }
        if (!pending && !stream.aborted) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, PING_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
    } finally {
      unsubscribe();
    }
  });
});
