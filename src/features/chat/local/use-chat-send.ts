// Optimistic sending: the message appears at once (pending) under a client-made id, then the
// server's copy replaces it. Offline, or when the server cannot be reached, sending is refused
// with a clear message and the text goes back into the composer (nothing is queued).
import { ApiRequestError, getErrorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';

import { sendMessage, startConversation, uploadImage, type OutgoingMessage } from '../api/chat-api';
import { dropMessage, storeConversations, storeMessage } from './chat-store';

function refuse(error?: unknown) {
  notify.warning(
    error instanceof ApiRequestError ? getErrorMessage(error) : i18n.t('chat.offline.sendRefused'),
    { autoClose: 6000 },
  );
  return false;
}

async function build(body: string, file: File | null): Promise<OutgoingMessage> {
  if (!file) return { id: crypto.randomUUID(), body, contentType: 'text', attachmentIds: [] };
  const { attachment } = await uploadImage(file);
  return { id: crypto.randomUUID(), body, contentType: 'image', attachmentIds: [attachment.id] };
}

/** Sends into an existing conversation. */
export async function sendToConversation(
  conversationId: string,
  senderId: string,
  body: string,
  file: File | null = null,
): Promise<boolean> {
  if (!navigator.onLine) return refuse();
  let message: OutgoingMessage;
  try {
    message = await build(body, file);
  } catch (error) {
    return refuse(error);
  }
  await storeMessage(
    {
      id: message.id,
      seq: 0,
      conversationId,
      body,
      contentType: message.contentType,
      attachments: [],
      createdAt: new Date().toISOString(),
      senderId,
      pending: true,
    },
    { countUnread: false },
  );
  try {
    const { message: saved } = await sendMessage(conversationId, message);
    await storeMessage(saved, { countUnread: false });
    return true;
  } catch (error) {
    await dropMessage(conversationId, message.id);
    return refuse(error);
  }
}

/** Starts a conversation with the first message; returns its id, or null when refused. */
export async function sendFirstMessage(
  participantIds: string[],
  body: string,
  file: File | null = null,
) {
  if (!navigator.onLine) return refuse() && null;
  try {
    const message = await build(body, file);
    const { conversation } = await startConversation(participantIds, message);
    await storeConversations([conversation], false);
    return conversation.id;
  } catch (error) {
    refuse(error);
    return null;
  }
}

/** Starts a conversation with several people before any message; returns its id, or null
 *  when refused (offline, or no answer). */
export async function startGroup(participantIds: string[]) {
  if (!navigator.onLine) return refuse() && null;
  try {
    const { conversation } = await startConversation(participantIds);
    await storeConversations([conversation], false);
    return conversation.id;
  } catch {
    refuse();
    return null;
  }
}
