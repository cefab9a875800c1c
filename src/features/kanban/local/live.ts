// The boards on the live stream (docs/live.md): a notice about a board whose cursor moved past
// the device's copy pulls the boards; a new board or role pulls them; a board taken away is
// dropped at once (its data and queued changes) and said; presence goes to ./presence.ts.
import { defineFeatureLive } from '@/lib/live/registry';
import { pullFeatures } from '@/lib/sync/engine';
import { everPulled } from '@/lib/sync/pull';

import type { LiveNotice, LivePresence, LiveRevoked } from '../../../../server/contracts/live';
import { setBoardViewers } from './presence';
import { dropBoardNow } from './sync';
import { boardsTable } from './tables';

const pullBoards = () => pullFeatures(['kanban']);

/** Boards dropped by `revoked`, for the page to say so (it leaves the board). */
const revokedListeners = new Set<(boardId: string, name: string) => void>();
export function onBoardRevoked(listener: (boardId: string, name: string) => void) {
  revokedListeners.add(listener);
  return () => void revokedListeners.delete(listener);
}

export const kanbanLive = defineFeatureLive({
  name: 'kanban',
  handlers: {
    notice: async (data) => {
      const { scope, cursor } = data as LiveNotice;
      const held = await boardsTable().get(scope);
      if (!held && !(await everPulled('kanban'))) return;
      if (!held || held.cursor < cursor) await pullBoards();
    },
    access: pullBoards,
    revoked: async (data) => {
      const { scope } = data as LiveRevoked;
      const held = await boardsTable().get(scope);
      await dropBoardNow(scope);
      if (held) for (const listener of revokedListeners) listener(scope, held.name);
    },
    presence: (data) => {
      const { boardId, viewers } = data as LivePresence;
      setBoardViewers(boardId, viewers);
    },
  },
});
