// Chat payloads shared by the server and the chat pages, and the shapes chat calls answer with.
import { z } from 'zod';

export const MAX_CHAT_BODY = 5000;
export const MAX_CHAT_IMAGE_BYTES = 10 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const id = z.uuid('Must be an id.');

export const conversationKeyQuery = z.object({
  conversationKey: z.string().trim().min(1, 'conversationKey is required.').max(80),
});
export const conversationIdQuery = z.object({ conversationId: id });
/** Marking seen as the sync queue sends it (POST, replayed exactly once by its Idempotency-Key):
 *  up to `upToSeq`, the newest message the viewer had on screen, so a change replayed later does
 *  not also mark the messages that came in meanwhile; without it, up to the newest message. */
export const markSeenSchema = z.object({
  conversationId: id,
  upToSeq: z
    .number({ error: 'upToSeq must be a message sequence number.' })
    .int('upToSeq must be a message sequence number.')
    .min(0, 'upToSeq must be a message sequence number.')
    .max(Number.MAX_SAFE_INTEGER, 'upToSeq must be a message sequence number.')
    .optional(),
});
export const contactsQuery = z.object({ search: z.string().trim().max(100).optional() });

const messageFields = {
  /** client-generated id so a retried or optimistic send is written once */
  id: id.optional(),
  body: z.string().max(MAX_CHAT_BODY, 'The message is too long.').default(''),
  contentType: z.enum(['text', 'image']).default('text'),
  attachmentIds: z.array(id).max(4, 'At most 4 images.').default([]),
};

const hasContent = (v: { body: string; attachmentIds: string[] }) =>
  v.body.trim().length > 0 || v.attachmentIds.length > 0;

export const sendMessageSchema = z
  .object({ conversationId: id, ...messageFields })
  .refine(hasContent, { message: 'Write a message or add an image.', path: ['body'] });

export const newConversationSchema = z.object({
  participantIds: z.array(id).min(1, 'Choose at least one person.').max(20, 'At most 20 people.'),
  message: z
    .object(messageFields)
    .refine(hasContent, { message: 'Write a message or add an image.', path: ['body'] })
    .optional(),
});

export interface ChatParticipant {
  id: string;
  name: string;
  /** null unless the viewer shares a conversation or a mail with this person */
  email: string | null;
  avatarUrl: string | null;
  status: 'online' | 'offline';
  lastActivity: string | null;
}

export interface ChatAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface ChatMessage {
  id: string;
  seq: number;
  conversationId: string;
  body: string;
  contentType: 'text' | 'image';
  attachments: ChatAttachment[];
  createdAt: string;
  senderId: string;
}

export interface Conversation {
  id: string;
  type: 'one-to-one' | 'group';
  name: string | null;
  participants: ChatParticipant[];
  messages: ChatMessage[];
  unreadCount: number;
  updatedAt: string;
}
