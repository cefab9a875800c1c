// Chat REST calls (server/routes/chat.ts). Answers are written to the Dexie mirror by ../local.
import { api } from '@/lib/api-client';

import type {
  ChatAttachment,
  ChatMessage,
  ChatParticipant,
  Conversation,
} from '../../../../server/contracts/chat';

export const getContacts = () =>
  api.get('/api/chat/contacts').json<{ contacts: ChatParticipant[] }>();

export const getConversations = () =>
  api.get('/api/chat/conversations').json<{ conversations: Conversation[] }>();

export const getConversation = (conversationKey: string) =>
  api
    .get('/api/chat/conversation', { searchParams: { conversationKey } })
    .json<{ conversation: Conversation }>();

export const getParticipants = (conversationKey: string) =>
  api
    .get('/api/chat/participants', { searchParams: { conversationKey } })
    .json<{ participants: ChatParticipant[] }>();

export const markAsSeen = (conversationId: string) =>
  api
    .get('/api/chat/conversation/mark-as-seen', { searchParams: { conversationId } })
    .json<{ conversationId: string; unreadCount: number }>();

export interface OutgoingMessage {
  id: string;
  body: string;
  contentType: 'text' | 'image';
  attachmentIds: string[];
}

export const startConversation = (participantIds: string[], message?: OutgoingMessage) =>
  api
    .post('/api/chat/conversations/new', { json: { participantIds, message } })
    .json<{ conversation: Conversation }>();

export const sendMessage = (conversationId: string, message: OutgoingMessage) =>
  api
    .post('/api/chat/messages/new', { json: { conversationId, ...message } })
    .json<{ message: ChatMessage }>();

export function uploadImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api
    .post('/api/chat/attachments', { body, timeout: 120_000 })
    .json<{ attachment: ChatAttachment }>();
}

export const fetchImage = (id: string) => api.get(`/api/chat/attachments/${id}`).blob();
