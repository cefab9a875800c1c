// Rows for the fuzzed users, each carrying the user's unique marker string in a private
// field: a mail label and draft, a calendar event, a kanban column and card, an invoice draft,
// an address, a folder and a chat message to a third user. None of them can be made visible
// to the other fuzzed user by its owner's own calls without naming that user (whose ids and
// address are not in the owner's pool), so a marker in the other user's answer is a leak.
import type { TestServer } from '../../server/testing/test-server.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export async function seedMarkedRows(
  server: TestServer,
  token: string,
  marker: string,
  thirdUserId: string,
): Promise<string[]> {
  const ids = new Set<string>();
  const post = async (url: string, body: unknown, method = 'POST') => {
    const res = await server.call(method, url, { token, body });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`seeding ${url}: ${res.status} ${text}`);
    for (const id of text.match(UUID) ?? []) ids.add(id);
    return JSON.parse(text) as Record<string, Record<string, unknown>>;
  };
  await post('/api/mail/labels/new', { name: marker, color: '#00a76f' });
  await post('/api/mail/drafts', { subject: `${marker} draft`, body: `<p>${marker}</p>` });
  await post('/api/calendar/events/new', {
    title: marker,
    description: marker,
    start: '2026-11-20T09:00:00Z',
    end: '2026-11-20T10:00:00Z',
  });
  const { column } = await post('/api/kanban/columns/new', { name: marker });
  await post('/api/kanban/cards/new', {
    columnId: column!.id,
    card: { name: marker, description: marker },
  });
  await post('/api/invoices', {
    recipient: { kind: 'external', name: marker, email: 'client@example.com' },
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency: 'USD',
    items: [{ id: 'a', title: marker, quantity: 1, unitPrice: 1000 }],
    notes: marker,
  });
  await post('/api/addresses/new', {
    name: marker,
    phone: '+33 1 23 45 67 89',
    line1: `${marker} street`,
    city: 'Paris',
    postcode: '75001',
    country: 'FR',
  });
  await post('/api/files/folders', { name: marker });
  await post('/api/chat/conversations/new', {
    participantIds: [thirdUserId],
    message: { body: marker },
  });
  return [...ids];
}
