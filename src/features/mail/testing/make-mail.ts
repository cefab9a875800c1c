import type { Mail } from '../../../../server/contracts/mail';

/** A mail as the server sends it, for component tests. */
export function makeMail(overrides: Partial<Mail> = {}): Mail {
  return {
    id: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    folder: 'inbox',
    labelIds: ['inbox', 'all'],
    subject: 'Quarterly plan',
    message: '<p>Hello <strong>team</strong></p>',
    preview: 'Hello team',
    from: { id: 'u1', name: 'Ada Admin', email: 'admin@clipdeck.dev' },
    to: [{ name: 'Dana Demo', email: 'demo@clipdeck.dev' }],
    cc: [],
    bcc: [],
    isRead: true,
    isStarred: false,
    isImportant: false,
    isDraft: false,
    attachments: [],
    inReplyToId: null,
    createdAt: new Date('2026-11-20T10:00:00Z').toISOString(),
    sentAt: new Date('2026-11-20T10:00:00Z').toISOString(),
    ...overrides,
  };
}
