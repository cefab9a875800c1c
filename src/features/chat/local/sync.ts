// Chat in the sync registry: its tables (wiped on logout), its pull (the conversations and the
// contacts) and one operation, marking a conversation seen, so opening it offline reaches the
// server once it answers again. Messages are sent online only (the composer says so offline).
import { authStore } from '@/lib/auth/auth-store';
import { defineFeatureSync, featurePull, operation, type ChangeOf } from '@/lib/sync/registry';

import type { ChatParticipant, Conversation } from '../../../../server/contracts/chat';
import { conversationTitle, storeContacts, storeConversations } from './chat-store';
import { contactsTable, conversationsTable } from './tables';

export const chatSync = defineFeatureSync({
  name: 'chat',
  tables: [conversationsTable, contactsTable],
  operations: {
    'chat.seen': operation<{ conversationId: string; upToSeq: number }>({
      path: '/api/chat/conversation/mark-as-seen',
      apply: async (body) => void (await conversationsTable().update(body.conversationId, { unreadCount: 0 })),
      describe: async (body) => {
        const conversation = await conversationsTable().get(body.conversationId);
        return {
          key: 'chat.sync.seen',
          name: conversation && conversationTitle(conversation, authStore.getState().user?.id),
        };
      },
    }),
  },
  pull: featurePull<{ conversations: Conversation[]; contacts: ChatParticipant[] }>({
    fetch: async (getJson) => {
      const [{ conversations }, { contacts }] = await Promise.all([
        getJson<{ conversations: Conversation[] }>('/api/chat/conversations'),
        getJson<{ contacts: ChatParticipant[] }>('/api/chat/contacts'),
      ]);
      return { conversations, contacts };
    },
    write: async ({ conversations, contacts }) => {
      await storeConversations(conversations, true);
      await storeContacts(contacts);
    },
  }),
});

export type ChatChange = ChangeOf<typeof chatSync>;
