// Reads and writes of conversations, always from the viewer's participant rows: a
// conversation the viewer is not part of does not exist for them. The unread count is the
// number of messages from others with a `seq` above the viewer's `lastReadSeq`.
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';

import type {
  ChatAttachment,
  ChatMessage,
  ChatParticipant,
  Conversation,
} from '../contracts/chat.ts';
import type { Executor } from '../db/client.ts';
import {
  attachments,
  chatConversations,
  chatMessages,
  chatParticipants,
  users,
} from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { announce, CHAT_NOTICE } from '../live/bus.ts';
import { stripTags } from '../mail/sanitize.ts';
import { asSeenBy, peopleKnownTo } from './directory.ts';

export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

export function toParticipant(row: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  lastSeenAt: Date | null;
}): ChatParticipant {
  const seen = row.lastSeenAt?.getTime() ?? 0;
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    avatarUrl: row.avatarUrl,
    status: Date.now() - seen < ONLINE_WINDOW_MS ? 'online' : 'offline',
    lastActivity: row.lastSeenAt?.toISOString() ?? null,
  };
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatarUrl: users.avatarUrl,
  lastSeenAt: users.lastSeenAt,
};

export function toMessage(row: typeof chatMessages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    conversationId: row.conversationId,
    body: row.body,
    contentType: row.contentType,
    attachments: row.attachments,
    createdAt: row.createdAt.toISOString(),
    senderId: row.senderId,
  };
}

export async function listContacts(db: Executor, viewerId: string, search?: string) {
  const where = [ne(users.id, viewerId), eq(users.status, 'active')];
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(
      // an email matches whole only: matching pieces of it would spell out strangers' addresses
      sql`((${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern} OR ${users.email} = ${search.trim().toLowerCase()})`,
    );
  }
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(...where))
    .orderBy(users.firstName, users.lastName)
    .limit(200);
  return rows.map(toParticipant);
}

/** The viewer's conversations (all, or the given ids) with their latest messages. */
export async function loadConversations(
  db: Executor,
  viewerId: string,
  options: { ids?: string[]; messageLimit: number },
): Promise<Conversation[]> {
  const mine = await db
    .select({
      id: chatConversations.id,
      type: chatConversations.type,
      name: chatConversations.name,
      updatedAt: chatConversations.updatedAt,
      lastReadSeq: chatParticipants.lastReadSeq,
    })
    .from(chatParticipants)
    .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
    .where(
      and(
        eq(chatParticipants.userId, viewerId),
        options.ids ? inArray(chatConversations.id, options.ids) : undefined,
      ),
    )
    .orderBy(desc(chatConversations.updatedAt));
  if (mine.length === 0) return [];
  const ids = mine.map((c) => c.id);
  const people = await db
    .select({ conversationId: chatParticipants.conversationId, ...personColumns })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(inArray(chatParticipants.conversationId, ids));
  const unread = await db
    .select({ conversationId: chatMessages.conversationId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.conversationId, chatMessages.conversationId),
        eq(chatParticipants.userId, viewerId),
      ),
    )
    .where(
      and(
        inArray(chatMessages.conversationId, ids),
        ne(chatMessages.senderId, viewerId),
        gt(chatMessages.seq, chatParticipants.lastReadSeq),
      ),
    )
    .groupBy(chatMessages.conversationId);
  const recent = await db.execute(sql`
    select * from (
      select m.*, row_number() over (partition by m.conversation_id order by m.seq desc) as rn
      from ${chatMessages} m where m.conversation_id in (${sql.join(
        ids.map((i) => sql`${i}::uuid`),
        sql`, `,
      )})
    ) t where t.rn <= ${options.messageLimit} order by t.seq asc`);
  const messages = ((recent as { rows?: Record<string, unknown>[] }).rows ?? []).map((r) =>
    toMessage({
      id: r.id as string,
      seq: Number(r.seq),
      conversationId: r.conversation_id as string,
      senderId: r.sender_id as string,
      body: r.body as string,
      contentType: r.content_type as 'text' | 'image',
      attachments: (typeof r.attachments === 'string'
        ? JSON.parse(r.attachments)
        : r.attachments) as ChatAttachment[],
      createdAt: new Date(r.created_at as string),
    }),
  );
  const known = await peopleKnownTo(
    db,
    viewerId,
    people.map((p) => p.id),
  );
  return mine.map((c) => ({
    id: c.id,
    type: c.type,
    name: c.name,
    participants: people
      .filter((p) => p.conversationId === c.id)
      .map((p) => asSeenBy(toParticipant(p), viewerId, known)),
    messages: messages.filter((m) => m.conversationId === c.id),
    unreadCount: unread.find((u) => u.conversationId === c.id)?.n ?? 0,
    updatedAt: c.updatedAt.toISOString(),
  }));
}

export function directKey(a: string, b: string) {
  return [a, b].sort().join(':');
}

/** Resolves a conversationKey (a conversation id, or the id of the other person of a direct conversation). */
export async function resolveConversationKey(db: Executor, viewerId: string, key: string) {
  if (!/^[0-9a-f-]{36}$/i.test(key))
    throw badRequest('Invalid conversationKey.', { conversationKey: 'Must be an id.' });
  const [byId] = await db
    .select({ id: chatParticipants.conversationId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.conversationId, key), eq(chatParticipants.userId, viewerId)))
    .limit(1);
  if (byId) return byId.id;
  const [direct] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.directKey, directKey(viewerId, key)))
    .limit(1);
  return direct?.id ?? null;
}

/** Finds or creates the conversation between the viewer and the given people. */
export async function openConversation(db: Executor, viewerId: string, others: string[]) {
  const unique = [...new Set(others)].filter((id) => id !== viewerId);
  if (unique.length === 0)
    throw badRequest('Choose someone other than yourself.', {
      participantIds: 'Choose someone other than yourself.',
    });
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'active')));
  if (found.length !== unique.length)
    throw badRequest('Unknown person.', { participantIds: 'One of these people does not exist.' });
  const key = unique.length === 1 ? directKey(viewerId, unique[0]!) : null;
  if (key) {
    const [existing] = await db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.directKey, key))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
  }
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(chatConversations)
      .values({ type: key ? 'one-to-one' : 'group', directKey: key, createdBy: viewerId })
      .onConflictDoNothing()
      .returning({ id: chatConversations.id });
    if (!conversation) {
      const [raced] = await tx
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.directKey, key!));
      return { id: raced!.id, created: false };
    }
    await tx
      .insert(chatParticipants)
      .values([viewerId, ...unique].map((userId) => ({ conversationId: conversation.id, userId })));
    return { id: conversation.id, created: true };
  });
}

export async function isParticipant(db: Executor, viewerId: string, conversationId: string) {
  const [row] = await db
    .select({ id: chatParticipants.userId })
    .from(chatParticipants)
    .where(
      and(
        eq(chatParticipants.conversationId, conversationId),
        eq(chatParticipants.userId, viewerId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Writes a message (idempotent on a client id) and marks it read for its sender. */
export async function postMessage(
  db: Executor,
  viewerId: string,
  input: {
    conversationId: string;
    id?: string;
    body: string;
    contentType: 'text' | 'image';
    attachmentIds: string[];
  },
): Promise<ChatMessage> {
  if (input.id) {
    const [existing] = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, input.id))
      .limit(1);
    if (existing) {
      if (existing.senderId !== viewerId || existing.conversationId !== input.conversationId)
        throw badRequest('This message id is taken.', { id: 'Already used.' });
      return toMessage(existing);
    }
  }
  return db.transaction(async (tx) => {
    let files: ChatAttachment[] = [];
    if (input.attachmentIds.length > 0) {
      const rows = await tx
        .select()
        .from(attachments)
        .where(
          and(
            inArray(attachments.id, input.attachmentIds),
            eq(attachments.ownerId, viewerId),
            eq(attachments.kind, 'chat'),
            sql`${attachments.chatMessageId} is null`,
          ),
        );
      if (rows.length !== new Set(input.attachmentIds).size)
        throw badRequest('An image cannot be used.', {
          attachmentIds: 'An image does not exist, is not yours or was already sent.',
        });
      files = rows.map((r) => ({
        id: r.id,
        fileName: r.fileName,
        contentType: r.contentType,
        size: r.size,
      }));
    }
    announce(CHAT_NOTICE);
    const [row] = await tx
      .insert(chatMessages)
      .values({
        ...(input.id ? { id: input.id } : {}),
        conversationId: input.conversationId,
        senderId: viewerId,
        body: stripTags(input.body).trim(),
        contentType:
          files.length > 0 ? 'image' : input.contentType === 'image' ? 'text' : input.contentType,
        attachments: files,
      })
      .returning();
    if (files.length > 0)
      await tx
        .update(attachments)
        .set({ chatMessageId: row!.id })
        .where(
          inArray(
            attachments.id,
            files.map((f) => f.id),
          ),
        );
    await tx
      .update(chatConversations)
      .set({ updatedAt: row!.createdAt })
      .where(eq(chatConversations.id, input.conversationId));
    await tx
      .update(chatParticipants)
      .set({ lastReadSeq: row!.seq })
      .where(
        and(
          eq(chatParticipants.conversationId, input.conversationId),
          eq(chatParticipants.userId, viewerId),
        ),
      );
    return toMessage(row!);
  });
}

/** Marks the conversation read up to message `upToSeq` (default: its newest) and answers how
 *  many messages from others stay unread; the mark never moves back, so a late or repeated call
 *  cannot make read messages unread again. */
export async function markSeen(
  db: Executor,
  viewerId: string,
  conversationId: string,
  upToSeq = Number.MAX_SAFE_INTEGER,
) {
  const [latest] = await db
    .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)` })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  const seen = Math.min(upToSeq, Number(latest?.seq ?? 0));
  const [mark] = await db
    .update(chatParticipants)
    .set({ lastReadSeq: sql`greatest(${chatParticipants.lastReadSeq}, ${seen})` })
    .where(
      and(
        eq(chatParticipants.conversationId, conversationId),
        eq(chatParticipants.userId, viewerId),
      ),
    )
    .returning({ lastReadSeq: chatParticipants.lastReadSeq });
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        ne(chatMessages.senderId, viewerId),
        gt(chatMessages.seq, mark?.lastReadSeq ?? 0),
      ),
    );
  return Number(left?.n ?? 0);
}

/** Whether the viewer may see a chat image: they sent it or are in its conversation. */
export async function readableChatAttachment(db: Executor, viewerId: string, id: string) {
  const [row] = await db
    .select({
      id: attachments.id,
      ownerId: attachments.ownerId,
      contentType: attachments.contentType,
      fileName: attachments.fileName,
      size: attachments.size,
      blobHash: attachments.blobHash,
      conversationId: chatMessages.conversationId,
    })
    .from(attachments)
    .leftJoin(chatMessages, eq(chatMessages.id, attachments.chatMessageId))
    .where(and(eq(attachments.id, id), eq(attachments.kind, 'chat')))
    .limit(1);
  if (!row) return null;
  if (row.ownerId === viewerId) return row;
  if (row.conversationId && (await isParticipant(db, viewerId, row.conversationId))) return row;
  return null;
}
