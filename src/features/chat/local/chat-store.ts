// The chat mirror in Dexie (`conversations` with their messages, `contacts`). The pages read it
// with useLiveQuery; REST answers and stream events are merged in here. A message being sent
// is stored with `pending: true` under its client-made id, and the server's copy (same id)
// replaces it, so the optimistic message and the real one never show twice.
import { useLiveQuery } from 'dexie-react-hooks';

import { saveChange } from '@/components/sync/save-change';
import { db } from '@/lib/db';

import type { ChatParticipant, Conversation } from '../../../../server/contracts/chat';
import type { ChatChange } from './sync';
import {
  contactsTable as contacts,
  conversationsTable as conversations,
  type LocalConversation,
  type LocalMessage,
} from './tables';

export type { LocalConversation, LocalMessage } from './tables';

/** Larger images are shown online only, to keep the mirror small. */
export const MAX_KEPT_IMAGE_BYTES = 2 * 1024 * 1024;

function mergeMessages(local: LocalMessage[], server: LocalMessage[]) {
  const byId = new Map<string, LocalMessage>();
  for (const m of local) byId.set(m.id, m);
  for (const m of server) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) =>
    a.pending === b.pending
      ? (a.seq || Infinity) - (b.seq || Infinity) || a.createdAt.localeCompare(b.createdAt)
      : a.pending
        ? 1
        : -1,
  );
}

export async function storeConversations(list: Conversation[], replaceAll: boolean) {
  await db.transaction('rw', conversations(), async () => {
    const existing = await conversations().bulkGet(list.map((c) => c.id));
    const merged = list.map((c, i) => ({
      ...c,
      images: existing[i]?.images,
      messages: mergeMessages(existing[i]?.messages ?? [], c.messages),
    }));
    if (replaceAll) {
      const keep = new Set(list.map((c) => c.id));
      const gone = (await conversations().toCollection().primaryKeys()).filter(
        (id) => !keep.has(id),
      );
      await conversations().bulkDelete(gone);
    }
    await conversations().bulkPut(merged);
  });
}

export async function storeContacts(list: ChatParticipant[]) {
  await db.transaction('rw', contacts(), async () => {
    await contacts().clear();
    await contacts().bulkPut(list);
  });
}

/** Adds (or confirms) one message; returns false when its conversation is not stored yet. */
export async function storeMessage(message: LocalMessage, options: { countUnread: boolean }) {
  return db.transaction('rw', conversations(), async () => {
    const conversation = await conversations().get(message.conversationId);
    if (!conversation) return false;
    const known = conversation.messages.some((m) => m.id === message.id && !m.pending);
    const messages = mergeMessages(conversation.messages, [message]);
    await conversations().put({
      ...conversation,
      messages,
      updatedAt:
        message.createdAt > conversation.updatedAt ? message.createdAt : conversation.updatedAt,
      unreadCount: conversation.unreadCount + (options.countUnread && !known ? 1 : 0),
    });
    return true;
  });
}

export async function dropMessage(conversationId: string, messageId: string) {
  await db.transaction('rw', conversations(), async () => {
    const conversation = await conversations().get(conversationId);
    if (!conversation) return;
    await conversations().put({
      ...conversation,
      messages: conversation.messages.filter((m) => m.id !== messageId),
    });
  });
}

export async function setSeen(conversationId: string) {
  await conversations().update(conversationId, { unreadCount: 0 });
}

/** Opening a conversation marks it seen: at once on this device, and on the server through the
 *  sync queue (so it reaches the server once, also when opened offline), up to the newest
 *  message shown. */
export async function markConversationSeen(conversationId: string) {
  const conversation = await conversations().get(conversationId);
  if (!conversation) return;
  const shown = conversation.messages.filter((m) => !m.pending).map((m) => m.seq);
  const change: ChatChange = { op: 'chat.seen', body: { conversationId, upToSeq: Math.max(0, ...shown) } };
  await saveChange(change);
}

/** A group's name, or the people in it other than the viewer. */
export function conversationTitle(conversation: LocalConversation, meId: string | undefined) {
  if (conversation.name) return conversation.name;
  return conversation.participants
    .filter((p) => p.id !== meId)
    .map((p) => p.name)
    .join(', ');
}

export function useConversations() {
  return useLiveQuery(() => conversations().orderBy('updatedAt').reverse().toArray(), []);
}

/** The conversation for a key: its id, or the other person of a direct conversation. */
export function useConversationByKey(key: string | undefined) {
  return useLiveQuery(async () => {
    if (!key) return null;
    const byId = await conversations().get(key);
    if (byId) return byId;
    const all = await conversations().toArray();
    return (
      all.find((c) => c.type === 'one-to-one' && c.participants.some((p) => p.id === key)) ?? null
    );
  }, [key]);
}

export function useContacts() {
  return useLiveQuery(() => contacts().toArray(), []);
}

export async function findContact(id: string) {
  return contacts().get(id);
}

export async function keptImage(conversationId: string, attachmentId: string) {
  return (await conversations().get(conversationId))?.images?.[attachmentId];
}

export async function keepImage(conversationId: string, attachmentId: string, blob: Blob) {
  if (blob.size > MAX_KEPT_IMAGE_BYTES) return;
  await db.transaction('rw', conversations(), async () => {
    const conversation = await conversations().get(conversationId);
    if (!conversation) return;
    await conversations().put({
      ...conversation,
      images: { ...conversation.images, [attachmentId]: blob },
    });
  });
}
