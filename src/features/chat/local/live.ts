// Chat on the tab's live stream (docs/live.md): a `notice` for chat means new messages for me;
// the conversation list is pulled again, and the conversation open on screen too (its new
// messages marked as seen while the tab is visible). The page says which one is open
// (useChatLive), and reads the stream's state for its offline banner. The list is pulled through
// the sync engine, after its replay and with the queued changes applied on top (a conversation
// opened offline stays read while its "seen" waits to be delivered).
import { useEffect, useSyncExternalStore } from 'react';

import { db } from '@/lib/db';
import { defineFeatureLive } from '@/lib/live/registry';
import { liveStateStore } from '@/lib/live/stream';
import { pullFeatures } from '@/lib/sync/engine';
import { everPulled, featuresPulledAt, writeFeatureState } from '@/lib/sync/pull';

import type { LiveNotice } from '../../../../server/contracts/live';
import { getConversation, getConversations, markAsSeen } from '../api/chat-api';
import { setSeen, storeConversations } from './chat-store';
import { CHAT_CURSOR_KEY } from './schema';

export type StreamState = 'connecting' | 'live' | 'offline';

/** The open conversation: its id (for "seen") and the key it is fetched by. */
let active: { id: string; key: string } | null = null;

/** The page's own fetch of the list (its offline banner reads its failure). */
export async function refreshConversations() {
  const { conversations } = await getConversations();
  await writeFeatureState('chat', () => storeConversations(conversations, true));
}

/** A notice at or below the cursor the mirror was last pulled after (every connection starts
 *  with one per scope) pulls nothing, unless the chat page is open on a conversation; nor does
 *  one before the device first pulled chat (the engine's first full pull brings it). */
async function pullChat(data: unknown) {
  const { cursor } = data as LiveNotice;
  const held = (await db.meta.get(CHAT_CURSOR_KEY))?.value as number | undefined;
  const open = active;
  if (!open && held === undefined && !(await everPulled('chat'))) return;
  if (held === undefined || held < cursor || open) {
    const asked = Date.now();
    await pullFeatures(['chat']);
    if (((await featuresPulledAt())['chat'] ?? 0) >= asked)
      await db.meta.put({ key: CHAT_CURSOR_KEY, value: cursor });
  }
  if (!open) return;
  const { conversation } = await getConversation(open.key);
  await writeFeatureState('chat', () => storeConversations([conversation], false));
  if (document.visibilityState === 'visible' && active?.id === open.id) {
    await markAsSeen(open.id).catch(() => undefined);
    await setSeen(open.id);
  }
}

export const chatLive = defineFeatureLive({
  name: 'chat',
  // every (re)connection starts with a notice per scope that moved, chat's included
  handlers: { notice: pullChat },
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
