import type { MirrorStore } from '@/lib/db-stores';

/** The chat mirror: conversations (with their messages) by last change, and contacts. */
export const chatStore = { tables: { conversations: 'id, updatedAt', contacts: 'id' } } satisfies MirrorStore;
