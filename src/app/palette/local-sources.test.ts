// The palette's offline sources, each a feature's own, searched over real Dexie (fake-indexeddb).
import { beforeEach, describe, expect, it } from 'vitest';

import { conversationsTable } from '@/features/chat/local/tables';
import { mailsTable } from '@/features/mail/local/tables';
import { makeMail } from '@/features/mail/testing/make-mail';
import { searchLocal } from '@/lib/search/local-index';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import { localSources } from './local-sources';

const me = { id: 'me', name: 'Dana Demo', email: null, avatarUrl: null, status: 'online' as const, lastActivity: null };
const sam = { ...me, id: 'sam', name: 'Sam Sender' };
const message = (id: string, body: string) => ({
  id,
  seq: 1,
  conversationId: 'c1',
  body,
  contentType: 'text' as const,
  attachments: [],
  createdAt: '2026-05-01T10:00:00.000Z',
  senderId: 'sam',
});

beforeEach(async () => {
  await loadSyncRegistry();
  await Promise.all([mailsTable().clear(), conversationsTable().clear()]);
});

describe('the palette’s device sources', () => {
  it('finds mails and one hit per conversation, named after the other people', async () => {
    const mail = makeMail({ subject: 'Budget for May', message: '<p>numbers</p>' });
    await mailsTable().put(mail);
    await conversationsTable().put({
      id: 'c1',
      type: 'one-to-one',
      name: null,
      participants: [me, sam],
      messages: [message('m1', 'the budget is late'), message('m2', 'budget budget')],
      unreadCount: 0,
      updatedAt: '2026-05-01T10:00:00.000Z',
    });
    const hits = await searchLocal(localSources('me'), ['budget'], 5);
    expect(hits.map((h) => [h.kind, h.title, h.target])).toEqual([
      ['mail', 'Budget for May', { kind: 'mail', mailId: mail.id, folder: 'inbox' }],
      ['message', 'Sam Sender', { kind: 'message', conversationId: 'c1' }],
    ]);
  });
});
