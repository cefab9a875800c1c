import type { MirrorStore } from '@/lib/db-stores';

/** The chat cursor of the last live notice the mirror was pulled after (./live.ts). */
export const CHAT_CURSOR_KEY = 'chat.cursor';

/** The chat mirror: conversations (with their messages) by last change, and contacts. */
export const chatStore = {
  tables: { conversations: 'id, updatedAt', contacts: 'id' },
  metaKeys: [CHAT_CURSOR_KEY],
} satisfies MirrorStore;
