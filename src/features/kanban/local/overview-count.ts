import { defineCountSource } from '@/lib/overview/count-sources';

import { cardsTable } from './tables';

/** The home's board figures from the mirror: every card, and those not completed. */
export const kanbanCountSource = defineCountSource({
  name: 'kanban',
  count: async () => {
    const [cards, openCards] = await Promise.all([
      cardsTable().count(),
      cardsTable().filter((c) => !c.completed).count(),
    ]);
    return { cards, openCards };
  },
});
