// The chat mirror's Dexie tables (./schema.ts), typed with the contract (listed by ./sync.ts).
import { mirrorTable } from '@/lib/db';

import type { ChatMessage, ChatParticipant, Conversation } from '../../../../server/contracts/chat';

export type LocalMessage = ChatMessage & { pending?: boolean };
export type LocalConversation = Omit<Conversation, 'messages'> & {
  messages: LocalMessage[];
  /** image bytes seen online, kept so the thread shows them offline (wiped with the table) */
  images?: Record<string, Blob>;
};

export const conversationsTable = mirrorTable<LocalConversation, 'id'>('conversations');
export const contactsTable = mirrorTable<ChatParticipant, 'id'>('contacts');
