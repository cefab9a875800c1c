// The realtime side of chat: one server-sent event stream, read with fetch (so the bearer
// header authenticates it), that writes each new message into the mirror. When the stream
// drops it reconnects with backoff and sends the last event id as `after`, so nothing sent in
// between is lost; the server looks back a little and the mirror de-duplicates by id. After
// each (re)connect the conversation list is refreshed once as a safety net. No polling loop.
import { useEffect, useRef, useState } from 'react';

import type { ChatMessage } from '../../../../server/contracts/chat';
import { getConversation, getConversations, markAsSeen, openStream } from '../api/chat-api';
import { setSeen, storeConversations, storeMessage } from './chat-store';

export type StreamState = 'connecting' | 'live' | 'offline';

interface Options {
  userId: string | undefined;
  /** the open conversation: its new messages are marked as seen at once */
  activeConversationId: string | null;
}

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const event: SseEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') data.push(value);
    }
    event.data = data.join('\n');
    events.push(event);
  }
  return { events, rest };
}

export async function refreshConversations() {
  const { conversations } = await getConversations();
  await storeConversations(conversations, true);
}

export function useChatStream({ userId, activeConversationId }: Options): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const active = useRef(activeConversationId);
  active.current = activeConversationId;

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    let lastId: string | null = null;
    let attempt = 0;

    async function onMessage(message: ChatMessage) {
      const mine = message.senderId === userId;
      const open =
        active.current === message.conversationId && document.visibilityState === 'visible';
      const stored = await storeMessage(message, { countUnread: !mine && !open });
      if (!stored) {
        const { conversation } = await getConversation(message.conversationId);
        await storeConversations([conversation], false);
      }
      if (open && !mine) {
        await markAsSeen(message.conversationId).catch(() => undefined);
        await setSeen(message.conversationId);
      }
    }

    async function connect() {
      while (!controller.signal.aborted) {
        try {
          const response = await openStream(lastId, controller.signal);
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          setState('live');
          attempt = 0;
          void refreshConversations().catch(() => undefined);
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            const { events, rest } = parseSse(buffer);
            buffer = rest;
            for (const event of events) {
              if (event.id) lastId = event.id;
              if (event.event === 'message') await onMessage(JSON.parse(event.data) as ChatMessage);
            }
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        if (controller.signal.aborted) return;
        setState('offline');
        attempt += 1;
        const wait = Math.min(15_000, 500 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }

    void connect();
    const wake = () => {
      // a network change: reconnect sooner (the loop's backoff would wait otherwise)
      attempt = 0;
    };
    window.addEventListener('online', wake);
    return () => {
      controller.abort();
      window.removeEventListener('online', wake);
    };
  }, [userId]);

  return state;
}
