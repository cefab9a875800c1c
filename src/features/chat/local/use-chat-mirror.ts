// Keeps the chat mirror fresh for the page: the conversation list (on open), the contacts
// (every minute), and a key that is not in the mirror (a conversation to fetch, else a person
// to start one with). Answers go into Dexie; the page reads the mirror. The open conversation
// is told to the tab's live stream (./live.ts) and marked seen through the sync queue, online
// or not (docs/product-rules.md#chat). `offline` says the stream or the server could not be
// reached.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { ApiRequestError } from '@/lib/api-client';

import type { ChatParticipant } from '../../../../server/contracts/chat';
import { getContacts, getConversation, getParticipants } from '../api/chat-api';
import {
  markConversationSeen,
  storeContacts,
  storeConversations,
  useContacts,
  useConversationByKey,
  useConversations,
} from './chat-store';
import { refreshConversations, useChatLive } from './live';

const CONTACTS_REFRESH_MS = 60_000;

async function lookUpKey(key: string): Promise<ChatParticipant[]> {
  try {
    const { conversation } = await getConversation(key);
    await storeConversations([conversation], false);
    return conversation.participants;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
    return (await getParticipants(key)).participants;
  }
}

export function useChatMirror(key: string | undefined) {
  const conversations = useConversations();
  const contacts = useContacts();
  const conversation = useConversationByKey(key);
  const stream = useChatLive(conversation && key ? { id: conversation.id, key } : null);

  const list = useQuery({
    queryKey: ['chat', 'conversations'],
    queryFn: async () => {
      await refreshConversations();
      return true;
    },
    meta: { silent: true },
    retry: false,
  });
  useQuery({
    queryKey: ['chat', 'contacts'],
    queryFn: async () => {
      const { contacts: people } = await getContacts();
      await storeContacts(people);
      return people.length;
    },
    meta: { silent: true },
    retry: false,
    refetchInterval: CONTACTS_REFRESH_MS,
  });
  const remote = useQuery({
    queryKey: ['chat', 'key', key],
    enabled: Boolean(key) && conversation === null,
    meta: { silent: true },
    retry: false,
    queryFn: () => lookUpKey(key!),
  });

  const activeId = conversation?.id;
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    // a full disk is shown by the sync status (save-change.ts)
    if (activeId && unread > 0) void markConversationSeen(activeId).catch(() => undefined);
  }, [activeId, unread]);

  const offline =
    stream === 'offline' || (list.isError && !(list.error instanceof ApiRequestError));
  return {
    conversations,
    contacts,
    conversation,
    /** the people of a key not (yet) in the mirror */
    remoteParticipants: remote.data,
    remoteMissing: remote.isError,
    offline,
  };
}
