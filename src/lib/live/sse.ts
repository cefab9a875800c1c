// Server-sent events read from a fetch body (the stream needs the bearer header, which
// EventSource cannot send): blocks split on a blank line, `event`, `id` and `data` fields as
// the HTML standard reads them; comments and unknown fields are skipped.
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** The complete events in `buffer`, and the incomplete rest to prepend to the next chunk. */
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
    if (data.length || event.event !== 'message' || event.id !== undefined) events.push(event);
  }
  return { events, rest };
}
