// Chat in the sync registry: its tables (wiped on logout) and its pull (the conversations and
// the contacts). Messages are sent online, so it queues no operations.
import { defineFeatureSync, featurePull } from '@/lib/sync/registry';

import type { ChatParticipant, Conversation } from '../../../../server/contracts/chat';
import { storeContacts, storeConversations } from './chat-store';
import { contactsTable, conversationsTable } from './tables';

export const chatSync = defineFeatureSync({
  name: 'chat',
  tables: [conversationsTable, contactsTable],
  operations: {},
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
