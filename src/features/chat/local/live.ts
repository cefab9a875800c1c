// Chat on the tab's live stream (docs/live.md): a `notice` for chat means new messages for me;
// the conversation list is pulled again, and the conversation open on screen too (its new
// messages marked as seen while the tab is visible). The page says which one is open
// (useChatLive), and reads the stream's state for its offline banner.
import { useEffect, useSyncExternalStore } from 'react';

import { defineFeatureLive } from '@/lib/live/registry';
import { liveStateStore } from '@/lib/live/stream';

import { getConversation, getConversations, markAsSeen } from '../api/chat-api';
import { setSeen, storeConversations } from './chat-store';

export type StreamState = 'connecting' | 'live' | 'offline';

/** The open conversation: its id (for "seen") and the key it is fetched by. */
let active: { id: string; key: string } | null = null;

export async function refreshConversations() {
  const { conversations } = await getConversations();
  await storeConversations(conversations, true);
}

async function pullChat() {
  await refreshConversations();
  const open = active;
  if (!open) return;
  const { conversation } = await getConversation(open.key);
  await storeConversations([conversation], false);
  if (document.visibilityState === 'visible' && active?.id === open.id) {
    await markAsSeen(open.id).catch(() => undefined);
    await setSeen(open.id);
  }
}

export const chatLive = defineFeatureLive({
  name: 'chat',
  handlers: { notice: pullChat },
  onConnect: () => refreshConversations(),
});

/** Tells the stream's chat handler which conversation is open; returns the stream's state. */
export function useChatLive(open: { id: string; key: string } | null): StreamState {
  const id = open?.id ?? null;
  const key = open?.key ?? null;
  useEffect(() => {
    active = id && key ? { id, key } : null;
    return () => {
      active = null;
    };
  }, [id, key]);
  const state = useSyncExternalStore(
    (listener) => liveStateStore.subscribe(listener),
    () => liveStateStore.get(),
  );
  return state === 'idle' ? 'connecting' : state;
}
