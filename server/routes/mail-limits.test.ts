// What mail may be sent, and by whom: sending needs a verified email address (mail goes out
// under it), and a mail's sizes are bounded with a 4xx naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_RECIPIENTS, MAX_TOTAL_ATTACHMENT_BYTES } from '../contracts/mail.ts';
import { attachments } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let t: TestServer;
let verified: User;
let unverified: User;
let bob: User;

beforeAll(async () => {
  t = await createTestServer();
  verified = await t.createUser();
  unverified = await t.createUser({ emailVerifiedAt: null });
  bob = await t.createUser();
});
afterAll(() => t.close());

const send = (from: User, body: Record<string, unknown>) =>
  t.call('POST', '/api/mail/send', { token: from.token, body });

async function errorOf(res: Response) {
  return (await res.json()) as { error: string; fields?: Record<string, string> };
}

describe('sending needs a verified email', () => {
  it('refuses an unverified sender with 403 and says why, delivering nothing', async () => {
    const res = await send(unverified, { to: [bob.user.email], subject: 'Hi', body: 'Hello' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error).toMatch(/verify your email/i);
    const inbox = await t.call('GET', '/api/mail/mails?labelId=inbox', { token: bob.token });
    expect(((await inbox.json()) as { mails: unknown[] }).mails).toHaveLength(0);
  });

  it('still lets an unverified user keep a draft', async () => {
    const res = await t.call('POST', '/api/mail/drafts', {
      token: unverified.token,
      body: { to: [bob.user.email], subject: 'Later' },
    });
    expect(res.status).toBe(201);
  });

  it('sends for a verified user', async () => {
    const res = await send(verified, { to: [bob.user.email], subject: 'Hi', body: 'Hello' });
    expect(res.status).toBe(201);
  });
});

describe('mail sizes', () => {
  it('names the field that is too large', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ to: [bob.user.email], subject: 'x'.repeat(301) }, 'subject'],
      [{ to: [bob.user.email], body: 'x'.repeat(200_001) }, 'body'],
      [
        {
          to: Array.from({ length: 30 }, (_, i) => `to${i}@example.com`),
          cc: Array.from({ length: 30 }, (_, i) => `cc${i}@example.com`),
        },
        'to',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await send(verified, body);
      expect(res.status, field).toBe(400);
      expect((await errorOf(res)).fields?.[field], field).toMatch(/too long|at most/i);
    }
    expect(MAX_RECIPIENTS).toBeLessThan(60);
  });

  it('refuses attachments over the total size with 413 naming attachmentIds', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const size = Math.ceil(MAX_TOTAL_ATTACHMENT_BYTES / 2.5);
    await t.deps.database.db.insert(attachments).values(
      ids.map((id) => ({
        id,
        ownerId: verified.user.id,
        kind: 'mail' as const,
        fileName: 'big.bin',
        contentType: 'application/octet-stream',
        size,
      })),
    );
    const res = await send(verified, { to: [bob.user.email], attachmentIds: ids });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).fields).toHaveProperty('attachmentIds');
  });
});
