import { defineCountSource } from '@/lib/overview/count-sources';

import { conversationsTable } from './tables';

/** The home's chat figures from the mirror: the conversations and their unread messages. */
export const chatCountSource = defineCountSource({
  name: 'chat',
  count: async () => {
    const list = await conversationsTable().toArray();
    return {
      conversations: list.length,
      unreadMessages: list.reduce((sum, c) => sum + c.unreadCount, 0),
    };
  },
});
