// The public pages' calls: the configuration, the contact form (validation naming each field,
// storage, the mail to the help address, throttling per address and per email), the launch
// list (validated, one row per email, throttled) and the plan checkout (the shop's card checks,
// nothing of the card kept but its brand and last four digits).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contactMessages, launchSignups, planIntents } from '../db/schema/index.ts';
import { CONTACT_LIMIT, LAUNCH_SIGNUP_LIMIT } from '../public/visitor-requests.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;

beforeAll(async () => {
  t = await createTestServer({
    TRUST_PROXY: 'true',
    HELP_EMAIL: 'support@example.org',
    LAUNCH_AT: '2031-05-01T09:00:00Z',
  });
});
afterAll(() => t.close());

const from = (address: string) => ({ 'X-Forwarded-For': address });
const message = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  subject: 'Importing our archive',
  message: 'We have 4,000 videos in a spreadsheet. Can we import them?',
};
const contact = (body: unknown, address = '10.1.0.1') =>
  t.call('POST', '/api/public/contact', { body, headers: from(address) });
const notify = (body: unknown, address = '10.2.0.1') =>
  t.call('POST', '/api/public/notify', { body, headers: from(address) });
const planIntent = (body: unknown, address = '10.3.0.1') =>
  t.call('POST', '/api/public/plan-intents', { body, headers: from(address) });

async function expectFields(res: Response, fields: string[]) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; fields: Record<string, string> };
  expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
  return body;
}

function expectThrottled(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
}

describe('GET /api/public/config', () => {
  it('answers the help address and the launch date from the configuration', async () => {
    const res = await t.call('GET', '/api/public/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      helpEmail: 'support@example.org',
      launchAt: '2031-05-01T09:00:00.000Z',
    });
  });
});

describe('POST /api/public/contact', () => {
  it('stores the message and mails it to the help address, replying to the visitor', async () => {
    const before = t.mailer.sent.length;
    const res = await contact({ ...message, language: 'fr' });
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as { id: string; sentTo: string };
    expect(receipt.sentTo).toBe('support@example.org');
    const [row] = await t.deps.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, receipt.id));
    expect(row).toMatchObject({ email: 'ada@example.com', subject: message.subject, language: 'fr' });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    const mail = t.mailer.sent[before];
    expect(mail).toMatchObject({ to: 'support@example.org', replyTo: 'ada@example.com' });
    expect(mail?.subject).toBe('[Clipdeck contact] Importing our archive');
    expect(mail?.text).toContain(message.message);
  });

  it('names every refused field, and stores nothing', async () => {
    const count = async () => (await t.deps.database.db.select().from(contactMessages)).length;
    const before = await count();
    const body = await expectFields(
      await contact({ name: ' ', email: 'ada@', subject: '', message: 'short' }, '10.1.1.1'),
      ['name', 'email', 'subject', 'message'],
    );
    expect(body.fields.email).toBe('Invalid email address.');
    expect(body.fields.message).toMatch(/at least 10/);
    await expectFields(await contact({ ...message, message: 'x'.repeat(5001) }, '10.1.1.1'), ['message']);
    await expectFields(await contact({ ...message, language: 'de' }, '10.1.1.1'), ['language']);
    expect((await contact('not json', '10.1.1.1')).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps a subject on one line in the mail', async () => {
    const before = t.mailer.sent.length;
    const res = await contact({ ...message, email: 'crlf@example.com', subject: 'Hi\r\nBcc: x@evil.test' }, '10.1.2.1');
    expect(res.status).toBe(201);
    expect(t.mailer.sent[before]?.subject).toBe('[Clipdeck contact] Hi Bcc: x@evil.test');
  });

  it('limits messages per email, whatever the address', async () => {
    const email = 'repeat@example.com';
    for (let i = 0; i < CONTACT_LIMIT.perEmail; i += 1)
      expect((await contact({ ...message, email }, `10.1.3.${i}`)).status).toBe(201);
    expectThrottled(await contact({ ...message, email: 'REPEAT@example.com' }, '10.1.3.200'));
  });

  it('limits messages per client address, whatever the email', async () => {
    for (let i = 0; i < CONTACT_LIMIT.perAddress; i += 1)
      expect((await contact({ ...message, email: `spray${i}@example.com` }, '10.1.4.1')).status).toBe(201);
    expectThrottled(await contact({ ...message, email: 'spray-last@example.com' }, '10.1.4.1'));
    expect((await contact({ ...message, email: 'spray-last@example.com' }, '10.1.4.2')).status).toBe(201);
  });

  it('keeps the message when the mail cannot be sent', async () => {
    const send = t.mailer.send;
    t.mailer.send = () => Promise.reject(new Error('SMTP down'));
    try {
      const res = await contact({ ...message, email: 'no-mail@example.com' }, '10.1.5.1');
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const [row] = await t.deps.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(row?.mailedAt).toBeNull();
    } finally {
      t.mailer.send = send;
    }
  });
});

describe('POST /api/public/notify', () => {
  it('keeps one entry per email and answers the same the second time', async () => {
    const first = await notify({ email: 'Fan@Example.com', language: 'ar' });
    const second = await notify({ email: 'fan@example.com' }, '10.2.0.2');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await first.json()).toEqual(await second.json());
    const rows = await t.deps.database.db
      .select()
      .from(launchSignups)
      .where(eq(launchSignups.email, 'fan@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.language).toBe('ar');
  });

  it('refuses an invalid email, naming the field', async () => {
    const body = await expectFields(await notify({ email: 'no-at-sign' }, '10.2.1.1'), ['email']);
    expect(body.error).toBe('Invalid email address.');
    await expectFields(await notify({}, '10.2.1.1'), ['email']);
  });

  it('limits signups per client address and per email', async () => {
    for (let i = 0; i < LAUNCH_SIGNUP_LIMIT.perAddress; i += 1)
      expect((await notify({ email: `wave${i}@example.com` }, '10.2.2.1')).status).toBe(201);
    expectThrottled(await notify({ email: 'wave-last@example.com' }, '10.2.2.1'));
    for (let i = 0; i < LAUNCH_SIGNUP_LIMIT.perEmail; i += 1)
      expect((await notify({ email: 'same@example.com' }, `10.2.3.${i}`)).status).toBe(201);
    expectThrottled(await notify({ email: 'same@example.com' }, '10.2.3.200'));
  });
});

describe('POST /api/public/plan-intents', () => {
  const card = { holder: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
  const team = { plan: 'team', billing: 'yearly', seats: 12, name: 'Ada', email: 'ada@example.com', payment: card };

  it('stores the choice with the price and only the card brand and last four digits', async () => {
    const res = await planIntent(team);
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as { id: string; reference: string; total: number; card: unknown };
    expect(receipt).toMatchObject({ plan: 'team', billing: 'yearly', seats: 12, total: 12 * 90 });
    expect(receipt.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(receipt.reference).toMatch(/^PLN-[2-9A-Z]{6}$/);
    const [row] = await t.deps.database.db.select().from(planIntents).where(eq(planIntents.id, receipt.id));
    expect(row).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', total: 1080 });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('123"');
  });

  it('checks the card as the shop checkout does', async () => {
    const body = await expectFields(
      await planIntent({ ...team, payment: { holder: '', number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' } }),
      ['payment.holder', 'payment.number', 'payment.expiry', 'payment.cvc'],
    );
    expect(body.fields['payment.number']).toBe('This card number is not valid.');
    expect(body.fields['payment.expiry']).toBe('This card has expired.');
  });

  it('needs a card for a paid plan and none for the free one; seats within the plan', async () => {
    await expectFields(await planIntent({ ...team, payment: null }), ['payment']);
    await expectFields(await planIntent({ ...team, plan: 'free', seats: 3 }), ['payment']);
    await expectFields(await planIntent({ ...team, plan: 'free', seats: 6, payment: null }), ['seats']);
    await expectFields(await planIntent({ ...team, plan: 'gold' }), ['plan']);
    const free = await planIntent({ ...team, plan: 'free', billing: 'monthly', seats: 5, payment: null });
    expect(free.status).toBe(201);
    expect(await free.json()).toMatchObject({ plan: 'free', total: 0, card: null });
  });
});
