// Who is looking at a board (docs/live.md, Presence): this tab says it is here (a heartbeat on
// opening the board, when the open card changes, and every PRESENCE_HEARTBEAT_MS), says
// goodbye on leaving, and the stream's `presence` events (./live.ts) keep the list current. The
// server decides when a silent tab is gone. Heartbeats start after the first paint, with the
// stream, and a failed one (offline) is simply sent again at the next beat.
import { useEffect, useSyncExternalStore } from 'react';

import { api } from '@/lib/api-client';
import { whenIdle } from '@/lib/when-idle';

import { PRESENCE_HEARTBEAT_MS, type Viewer } from '../../../../server/contracts/live';

const TAB_ID = crypto.randomUUID();
const EMPTY: Viewer[] = [];

const viewersByBoard = new Map<string, Viewer[]>();
const listeners = new Set<() => void>();

/** The stream's (or a heartbeat's answer's) list of who looks at a board. */
export function setBoardViewers(boardId: string, viewers: Viewer[]) {
  viewersByBoard.set(boardId, viewers);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

async function beat(boardId: string, cardId: string | null) {
  try {
    const { viewers } = await api
      .post('/api/live/presence', { json: { boardId, tabId: TAB_ID, cardId }, timeout: 8_000 })
      .json<{ viewers: Viewer[] }>();
    setBoardViewers(boardId, viewers);
  } catch {
    // offline or refused: the next beat tries again
  }
}

function leave(boardId: string) {
  // keepalive: the request outlives a closing tab (sendBeacon cannot carry the bearer header)
  void api
    .post('/api/live/presence/leave', { json: { boardId, tabId: TAB_ID }, keepalive: true })
    .catch(() => undefined);
}

/** Announces this tab on `boardId` (with the card it has open) and returns who else is there. */
export function useBoardPresence(
  boardId: string | null,
  cardId: string | null,
  selfId: string | undefined,
) {
  useEffect(() => {
    if (!boardId) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const cancel = whenIdle(() => {
      void beat(boardId, cardId);
      timer = setInterval(() => void beat(boardId, cardId), PRESENCE_HEARTBEAT_MS);
    });
    return () => {
      cancel();
      clearInterval(timer);
    };
  }, [boardId, cardId]);

  useEffect(() => {
    if (!boardId) return;
    const onHide = () => leave(boardId);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      leave(boardId);
    };
  }, [boardId]);

  const viewers = useSyncExternalStore(subscribe, () =>
    boardId ? (viewersByBoard.get(boardId) ?? EMPTY) : EMPTY,
  );
  return selfId ? viewers.filter((v) => v.userId !== selfId) : viewers;
}
