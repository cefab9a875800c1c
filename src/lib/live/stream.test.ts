// The tab's one stream against scripted server answers (the body of each connection is a
// stream the test writes to): events reach the features they are for, and a dropped
// connection is opened again with the last cursor as Last-Event-ID.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLiveRegistry, defineFeatureLive } from './registry';
import { liveStateStore, startLiveStream, stopLiveStream } from './stream';

interface Connection {
  cursor: string | null;
  signal: AbortSignal;
  send: (event: string, id: string | null, data: unknown) => void;
  end: () => void;
}

afterEach(() => stopLiveStream());

function setup() {
  const seen: string[] = [];
  const connects: string[] = [];
  const connections: Connection[] = [];
  const feature = (name: string, events: string[]) =>
    defineFeatureLive({
      name,
      handlers: Object.fromEntries(
        events.map((event) => [
          event,
          (data: unknown) => void seen.push(`${name}:${event}:${JSON.stringify(data)}`),
        ]),
      ),
      onConnect: () => void connects.push(name),
    });
  const registry = createLiveRegistry([
    feature('kanban', ['notice', 'presence']),
    feature('calendar', ['notice', 'revoked']),
  ]);
  startLiveStream({
    open: (cursor, signal) => {
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      connections.push({
        cursor,
        signal,
        send: (event, id, data) =>
          controller.enqueue(
            encoder.encode(
              `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`,
            ),
          ),
        end: () => controller.close(),
      });
      return Promise.resolve(
        new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
      );
    },
    registry: () => Promise.resolve(registry),
    random: () => 0,
  });
  return { seen, connects, connections };
}

describe('the live stream', () => {
  it('hands a notice to the feature it names, and presence to every feature that listens', async () => {
    const { seen, connects, connections } = setup();
    await vi.waitFor(() => expect(liveStateStore.get()).toBe('live'));
    expect(connects.sort()).toEqual(['calendar', 'kanban']);
    connections[0]!.send('notice', 'kanban:b1=7', { feature: 'kanban', scope: 'b1', cursor: 7 });
    connections[0]!.send('presence', 'kanban:b1=7', { boardId: 'b1', viewers: [] });
    connections[0]!.send('revoked', 'kanban:b1=7', { feature: 'calendar', scope: 'c1' });
    connections[0]!.send('notice', 'kanban:b1=7', { feature: 'chat', scope: 'u1', cursor: 1 });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual([
      'kanban:notice:{"feature":"kanban","scope":"b1","cursor":7}',
      'kanban:presence:{"boardId":"b1","viewers":[]}',
      'calendar:revoked:{"feature":"calendar","scope":"c1"}',
    ]);
  });

  it('opens one stream per tab however often it is asked for', async () => {
    const { connections } = setup();
    setup();
    await vi.waitFor(() => expect(liveStateStore.get()).toBe('live'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connections).toHaveLength(1);
  });

  it('when the server goes away, reconnects with the last cursor and catches up', async () => {
    const { connects, connections } = setup();
    await vi.waitFor(() => expect(connections).toHaveLength(1));
    expect(connections[0]!.cursor).toBeNull();
    connections[0]!.send('notice', 'kanban:b1=41,calendar:c1=3', {
      feature: 'kanban',
      scope: 'b1',
      cursor: 41,
    });
    connections[0]!.end();
    await vi.waitFor(() => expect(connections).toHaveLength(2), { timeout: 3000 });
    expect(connections[1]!.cursor).toBe('kanban:b1=41,calendar:c1=3');
    await vi.waitFor(() => expect(connects).toHaveLength(4));
    expect(liveStateStore.get()).toBe('live');
  });

  it('stops for good on sign-out', async () => {
    const { connections } = setup();
    await vi.waitFor(() => expect(liveStateStore.get()).toBe('live'));
    stopLiveStream();
    expect(connections[0]!.signal.aborted).toBe(true);
    expect(liveStateStore.get()).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(connections).toHaveLength(1);
  });
});
