import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pdfText } from '../../tests/testing/pdf-text.ts';
import type { BankingSummary, TransactionPage } from '../contracts/banking.ts';
import type { DownloadEntry } from '../contracts/files.ts';
import type { Invoice, InvoiceFormValues, InvoiceListResponse } from '../contracts/invoice.ts';
import type { SearchAnswer } from '../contracts/search.ts';
import { invoices } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let alice: Awaited<ReturnType<TestServer['createUser']>>;
let bob: Awaited<ReturnType<TestServer['createUser']>>;
let carol: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  server = await createTestServer();
  alice = await server.createUser({ firstName: 'Alice', lastName: 'Issuer' });
  bob = await server.createUser({ firstName: 'Bob', lastName: 'Payer' });
  carol = await server.createUser({ firstName: 'Carol', lastName: 'Stranger' });
});
afterAll(() => server.close());

const body = (overrides: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  recipient: { kind: 'user', userId: bob.user.id, address: '1 Main St' },
  issueDate: '2026-01-10',
  dueDate: '2099-02-10',
  currency: 'USD',
  items: [
    { id: 'a', title: 'Design', description: 'Logo', quantity: 1.5, unitPrice: 12050 },
    { id: 'b', title: 'Hosting', description: '', quantity: 12, unitPrice: 1500 },
  ],
  discount: 1000,
  shipping: 500,
  taxRate: 8.25,
  notes: 'Thanks',
  ...overrides,
});

async function create(token: string, overrides: Partial<InvoiceFormValues> = {}) {
  const res = await server.call('POST', '/api/invoices', { token, body: body(overrides) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { invoice: Invoice }).invoice;
}

describe('invoices API', () => {
  it('numbers 20 parallel creations 1..20 without gaps or duplicates', async () => {
    const issuer = await server.createUser();
    const created = await Promise.all(Array.from({ length: 20 }, () => create(issuer.token)));
    const numbers = created.map((i) => i.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(created.map((i) => i.numberLabel)).size).toBe(20);
    expect(created.find((i) => i.number === 7)?.numberLabel).toBe('INV-0007');
    // numbers are per issuer: another issuer starts at 1
    expect((await create(alice.token)).number).toBe(1);
  });

  it('stores the totals of the one totals function', async () => {
    const invoice = await create(alice.token);
    // 1.5 × 120.50 = 180.75; 12 × 15 = 180; tax 8.25 % of 350.75 = 28.936875 → 28.94
    expect(invoice).toMatchObject({
      subtotal: 36075,
      discount: 1000,
      tax: 2894,
      total: 36075 - 1000 + 500 + 2894,
      status: 'draft',
      role: 'issuer',
    });
    expect(invoice.recipient).toMatchObject({ userId: bob.user.id, name: 'Bob Payer', email: null });
  });

  it('names the invalid fields', async () => {
    const res = await server.call('POST', '/api/invoices', {
      token: alice.token,
      body: {
        ...body(),
        recipient: { kind: 'external', name: '', email: 'nope' },
        dueDate: '2026-01-01',
        items: [{ id: 'x', title: '', quantity: 1.234, unitPrice: 1.5 }],
      },
    });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        'recipient.name',
        'recipient.email',
        'items.0.title',
        'items.0.quantity',
        'items.0.unitPrice',
      ]),
    );
    const late = await server.call('POST', '/api/invoices', {
      token: alice.token,
      body: body({ dueDate: '2025-01-01' }),
    });
    expect(((await late.json()) as { fields: Record<string, string> }).fields.dueDate).toMatch(/due date/);
    const discount = await server.call('POST', '/api/invoices', {
      token: alice.token,
      body: body({ discount: 99_999_999 }),
    });
    expect(discount.status).toBe(400);
    expect(((await discount.json()) as { fields: Record<string, string> }).fields).toHaveProperty('discount');
    const self = await server.call('POST', '/api/invoices', {
      token: alice.token,
      body: body({ recipient: { kind: 'user', userId: alice.user.id } }),
    });
    expect(((await self.json()) as { fields: Record<string, string> }).fields).toHaveProperty(['recipient.userId']);
  });

  it('enforces what each status allows', async () => {
    const invoice = await create(alice.token);
    const edit = (id: string) =>
      server.call('PUT', `/api/invoices/${id}`, { token: alice.token, body: body({ notes: 'edited' }) });
    expect((await edit(invoice.id)).status).toBe(200);
    await server.call('POST', `/api/invoices/${invoice.id}/send`, { token: alice.token, body: {} });
    const paid = await server.call('POST', `/api/invoices/${invoice.id}/mark-paid`, { token: alice.token });
    expect(((await paid.json()) as { invoice: Invoice }).invoice.status).toBe('paid');
    expect((await edit(invoice.id)).status).toBe(409);
    expect((await server.call('DELETE', `/api/invoices/${invoice.id}`, { token: alice.token })).status).toBe(409);
    expect((await server.call('POST', `/api/invoices/${invoice.id}/cancel`, { token: alice.token })).status).toBe(409);
    const copy = await server.call('POST', `/api/invoices/${invoice.id}/duplicate`, { token: alice.token });
    const duplicate = ((await copy.json()) as { invoice: Invoice }).invoice;
    expect(duplicate).toMatchObject({ status: 'draft', total: invoice.total });
    expect(duplicate.number).toBeGreaterThan(invoice.number);
    expect((await server.call('DELETE', `/api/invoices/${duplicate.id}`, { token: alice.token })).status).toBe(200);
    expect((await server.call('GET', `/api/invoices/${duplicate.id}`, { token: alice.token })).status).toBe(404);
    const toCancel = await create(alice.token);
    const cancelled = await server.call('POST', `/api/invoices/${toCancel.id}/cancel`, { token: alice.token });
    expect(((await cancelled.json()) as { invoice: Invoice }).invoice.status).toBe('cancelled');
    expect((await edit(toCancel.id)).status).toBe(409);
  });

  it('derives overdue from the due date of a pending invoice', async () => {
    const invoice = await create(alice.token, { issueDate: '2020-01-01', dueDate: '2020-02-01' });
    expect(invoice.status).toBe('draft');
    await server.call('POST', `/api/invoices/${invoice.id}/send`, { token: alice.token, body: {} });
    const res = await server.call('GET', `/api/invoices/${invoice.id}`, { token: alice.token });
    const read = ((await res.json()) as { invoice: Invoice }).invoice;
    expect(read).toMatchObject({ status: 'overdue', storedStatus: 'pending' });
    const list = await server.call('GET', '/api/invoices?status=overdue', { token: alice.token });
    const page = (await list.json()) as InvoiceListResponse;
    expect(page.items.map((i) => i.id)).toContain(invoice.id);
    expect(page.items.every((i) => i.status === 'overdue')).toBe(true);
  });

  it('keeps invoices from everyone but the issuer and the recipient of a sent one', async () => {
    const invoice = await create(alice.token);
    const paths = [`/api/invoices/${invoice.id}`, `/api/invoices/${invoice.id}/pdf`];
    for (const path of paths) {
      expect((await server.call('GET', path, { token: carol.token })).status).toBe(404);
      // a draft is not the recipient's yet
      expect((await server.call('GET', path, { token: bob.token })).status).toBe(404);
    }
    expect(
      (await server.call('PUT', `/api/invoices/${invoice.id}`, { token: carol.token, body: body() })).status,
    ).toBe(404);
    expect((await server.call('POST', `/api/invoices/${invoice.id}/mark-paid`, { token: carol.token })).status).toBe(404);
    expect((await server.call('DELETE', `/api/invoices/${invoice.id}`, { token: carol.token })).status).toBe(404);
    await server.call('POST', `/api/invoices/${invoice.id}/send`, { token: alice.token, body: {} });
    for (const path of paths) {
      expect((await server.call('GET', path, { token: bob.token })).status).toBe(200);
      expect((await server.call('GET', path, { token: carol.token })).status).toBe(404);
    }
    // the recipient reads but never changes
    expect(
      (await server.call('PUT', `/api/invoices/${invoice.id}`, { token: bob.token, body: body() })).status,
    ).toBe(404);
    expect((await server.call('POST', `/api/invoices/${invoice.id}/mark-paid`, { token: bob.token })).status).toBe(404);
    const received = (await (
      await server.call('GET', '/api/invoices?scope=received', { token: bob.token })
    ).json()) as InvoiceListResponse;
    expect(received.items.map((i) => i.id)).toContain(invoice.id);
    const strangers = (await (
      await server.call('GET', '/api/invoices', { token: carol.token })
    ).json()) as InvoiceListResponse;
    expect(strangers.tabs.all.count).toBe(0);
    expect((await server.call('GET', '/api/invoices/not-a-uuid', { token: carol.token })).status).toBe(404);
  });

  it('sends to a Clipdeck user: a mail in their inbox with the PDF and a link', async () => {
    const invoice = await create(alice.token, { notes: '<img src=x onerror=alert(1)>' });
    const res = await server.call('POST', `/api/invoices/${invoice.id}/send`, {
      token: alice.token,
      body: { message: 'Hi <b>Bob</b>' },
    });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { delivered: string; invoice: Invoice };
    expect(sent.delivered).toBe('mailbox');
    expect(sent.invoice.status).toBe('pending');
    const inbox = (await (
      await server.call('GET', `/api/mail/mails?search=${invoice.numberLabel}`, { token: bob.token })
    ).json()) as { mails: { id: string; subject: string; message: string; attachments: { id: string; fileName: string; size: number }[] }[] };
    const mail = inbox.mails.find((m) => m.subject.includes(invoice.numberLabel));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Invoice ${invoice.numberLabel} from Alice Issuer`);
    expect(mail!.message).toContain(`/dashboard/invoice/${invoice.id}`);
    expect(mail!.message).toContain('Hi &lt;b&gt;Bob&lt;/b&gt;');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.fileName).toBe(`${invoice.numberLabel}.pdf`);
    const file = await server.call('GET', `/api/mail/attachments/${mail!.attachments[0]!.id}`, { token: bob.token });
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const [text] = await pdfText(bytes);
    expect(text).toContain(invoice.numberLabel);
    expect(text).toContain('$384.69');
  });

  it('sends to an outside address through the mailer, PDF attached', async () => {
    const invoice = await create(alice.token, {
      recipient: { kind: 'external', name: 'Zoë <script>x</script>', email: 'client@example.com', address: '' },
    });
    expect(invoice.recipient.email).toBe('client@example.com');
    const before = server.mailer.sent.length;
    const res = await server.call('POST', `/api/invoices/${invoice.id}/send`, {
      token: alice.token,
      body: { language: 'fr' },
    });
    expect(res.status).toBe(200);
    const mail = server.mailer.sent[before]!;
    expect(mail.to).toBe('client@example.com');
    expect(mail.subject).toBe(`Facture ${invoice.numberLabel} de Alice Issuer`);
    expect(mail.attachments?.[0]).toMatchObject({ filename: `${invoice.numberLabel}.pdf`, contentType: 'application/pdf' });
    expect(mail.html).toContain(`/dashboard/invoice/${invoice.id}`);
    const sentAgain = await server.call('POST', `/api/invoices/${invoice.id}/send`, { token: alice.token, body: {} });
    expect(sentAgain.status).toBe(200);
  });

  it('quotes the issuer’s message to an outside address as theirs, named by their verified email', async () => {
    const invoice = await create(alice.token, {
      recipient: { kind: 'external', name: 'Client', email: 'quoted@example.com', address: '' },
    });
    const message = 'Your account is locked.\nPay at https://evil.example now';
    const res = await server.call('POST', `/api/invoices/${invoice.id}/send`, {
      token: alice.token,
      body: { message },
    });
    expect(res.status).toBe(200);
    const mail = server.mailer.sent.filter((m) => m.to === 'quoted@example.com').at(-1)!;
    const email = alice.user.email;
    expect(mail.replyTo).toBe(email);
    expect(mail.html).toContain(
      `<p>Alice Issuer (${email}) wrote:</p><blockquote>Your account is locked.<br>Pay at https://evil.example now</blockquote>`,
    );
    expect(mail.html!.split('evil.example')).toHaveLength(2);
    expect(mail.text).toContain(
      `Alice Issuer (${email}) wrote:\n> Your account is locked.\n> Pay at https://evil.example now`,
    );
    expect(mail.text).toContain(`Sent with Clipdeck by ${email}, an account whose email address is verified.`);
  });

  it('serves the PDF as an attachment with the same figures', async () => {
    const invoice = await create(alice.token);
    const res = await server.call('GET', `/api/invoices/${invoice.id}/pdf?lang=en`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toContain(`attachment; filename="${invoice.numberLabel}.pdf"`);
    const [text] = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const figure of ['$360.75', '$10.00', '$5.00', '$28.94', '$384.69', '$180.75'])
      expect(text).toContain(figure);
    expect((await server.call('GET', `/api/invoices/${invoice.id}/pdf?lang=xx`, { token: alice.token })).status).toBe(400);
  });

  it('lists with tabs, sums, search, dates, sorting and paging', async () => {
    const issuer = await server.createUser();
    const a = await create(issuer.token, { issueDate: '2026-03-01', recipient: { kind: 'external', name: 'Acme Corp', email: 'a@acme.test' } });
    const b = await create(issuer.token, { issueDate: '2026-04-01', currency: 'EUR' });
    await create(issuer.token, { issueDate: '2026-05-01' });
    await server.call('POST', `/api/invoices/${b.id}/send`, { token: issuer.token, body: {} });
    await server.call('POST', `/api/invoices/${b.id}/mark-paid`, { token: issuer.token });
    const get = async (query: string) =>
      (await (await server.call('GET', `/api/invoices?${query}`, { token: issuer.token })).json()) as InvoiceListResponse;
    const all = await get('');
    expect(all.tabs.all.count).toBe(3);
    expect(all.tabs.paid).toEqual({ count: 1, sums: { EUR: b.total } });
    expect(all.tabs.draft.sums.USD).toBe(a.total * 2);
    expect(all.items.map((i) => i.issueDate)).toEqual(['2026-05-01', '2026-04-01', '2026-03-01']);
    expect((await get('q=acme')).items.map((i) => i.id)).toEqual([a.id]);
    expect((await get(`q=${a.numberLabel}`)).items.map((i) => i.id)).toEqual([a.id]);
    expect((await get('from=2026-03-15&to=2026-04-15')).items.map((i) => i.id)).toEqual([b.id]);
    expect((await get('sort=issueDate&order=asc')).items[0]!.id).toBe(a.id);
    const paged = await get('pageSize=10&page=1&status=draft');
    expect(paged).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    const bad = await server.call('GET', '/api/invoices?pageSize=7&sort=nope', { token: issuer.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(['sort', 'pageSize']);
  });

  it('applies bulk actions to the caller’s invoices only', async () => {
    const mine = await create(alice.token);
    await server.call('POST', `/api/invoices/${mine.id}/send`, { token: alice.token, body: {} });
    const other = await create(carol.token, { recipient: { kind: 'user', userId: bob.user.id } });
    const paid = await server.call('POST', '/api/invoices/bulk/mark-paid', {
      token: alice.token,
      body: { ids: [mine.id, other.id] },
    });
    expect(await paid.json()).toEqual({ updated: [mine.id], skipped: [other.id] });
    const removed = await server.call('POST', '/api/invoices/bulk/delete', {
      token: alice.token,
      body: { ids: [mine.id, other.id] },
    });
    // paid invoices are not deleted, and carol's is not alice's
    expect(await removed.json()).toEqual({ deleted: [], skipped: [mine.id, other.id] });
  });
});

describe('what reaches the recipient', () => {
  /** Everything of the invoice a recipient's pages could show: its own page, the received
   *  list, the banking summary, transactions and CSV, the downloads page and the palette. */
  async function recipientSees(token: string, invoice: { id: string; number: number }) {
    const get = (url: string) => server.call('GET', url, { token });
    const page = (await get(`/api/invoices/${invoice.id}`)).status === 200;
    const pdf = (await get(`/api/invoices/${invoice.id}/pdf?lang=en`)).status === 200;
    const received = ((await (await get('/api/invoices?scope=received')).json()) as InvoiceListResponse).items.some(
      (i) => i.id === invoice.id,
    );
    const ledger = ((await (await get('/api/banking/transactions')).json()) as TransactionPage).items.some(
      (t) => t.id === invoice.id,
    );
    const summary = ((await (await get('/api/banking/summary')).json()) as BankingSummary).currencies.length > 0;
    const csv = (await (await get('/api/banking/transactions.csv')).text()).includes('Secret notes line');
    const downloads = ((await (await get('/api/files/downloads')).json()) as { downloads: DownloadEntry[] }).downloads.some(
      (d) => d.id === invoice.id,
    );
    const record = (
      await server.call('POST', '/api/files/downloads/record', { token, body: { source: 'invoice', sourceId: invoice.id } })
    ).status === 200;
    const search = ((await (await get('/api/search?q=Whispering')).json()) as SearchAnswer).hits.some(
      (h) => h.id === invoice.id,
    );
    return { page, pdf, received, ledger, summary, csv, downloads, record, search };
  }
  const nothing = { page: false, pdf: false, received: false, ledger: false, summary: false, csv: false, downloads: false, record: false, search: false };
  const everything = { page: true, pdf: true, received: true, ledger: true, summary: true, csv: true, downloads: true, record: true, search: true };
  const billed: Partial<InvoiceFormValues> = {
    items: [{ id: 'a', title: 'Secret notes line', description: '', quantity: 1, unitPrice: 1000 }],
    notes: 'Whispering draft',
  };

  it('only a sent invoice can be paid; a draft reaches none of the recipient’s pages', async () => {
    const dave = await server.createUser({ firstName: 'Dave', lastName: 'Recipient' });
    const draft = await create(alice.token, { ...billed, recipient: { kind: 'user', userId: dave.user.id } });
    const paid = await server.call('POST', `/api/invoices/${draft.id}/mark-paid`, { token: alice.token });
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as { fields: Record<string, string> }).fields).toHaveProperty('status');
    const bulk = await server.call('POST', '/api/invoices/bulk/mark-paid', { token: alice.token, body: { ids: [draft.id] } });
    expect(await bulk.json()).toEqual({ updated: [], skipped: [draft.id] });
    expect(await recipientSees(dave.token, draft)).toEqual(nothing);

    await server.call('POST', `/api/invoices/${draft.id}/send`, { token: alice.token, body: {} });
    expect((await server.call('POST', `/api/invoices/${draft.id}/mark-paid`, { token: alice.token })).status).toBe(200);
    expect(await recipientSees(dave.token, draft)).toEqual(everything);
  });

  it('keeps a paid invoice that was never sent (made by older code) off the recipient’s pages', async () => {
    const erin = await server.createUser({ firstName: 'Erin', lastName: 'Recipient' });
    const made = await create(alice.token, { ...billed, recipient: { kind: 'user', userId: erin.user.id } });
    await server.deps.database.db
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(invoices.id, made.id));
    expect(await recipientSees(erin.token, made)).toEqual(nothing);
  });

  it('locks the recipient once the invoice is sent, naming the field', async () => {
    const frank = await server.createUser({ firstName: 'Frank', lastName: 'Other' });
    const invoice = await create(alice.token, { notes: 'For Bob only' });
    // a draft may still go to someone else
    const moved = await server.call('PUT', `/api/invoices/${invoice.id}`, {
      token: alice.token,
      body: body({ recipient: { kind: 'user', userId: frank.user.id } }),
    });
    expect(moved.status).toBe(200);
    await server.call('PUT', `/api/invoices/${invoice.id}`, { token: alice.token, body: body() });
    await server.call('POST', `/api/invoices/${invoice.id}/send`, { token: alice.token, body: {} });

    const repoint = async (recipient: InvoiceFormValues['recipient']) => {
      const res = await server.call('PUT', `/api/invoices/${invoice.id}`, { token: alice.token, body: body({ recipient }) });
      return { status: res.status, fields: ((await res.json()) as { fields?: Record<string, string> }).fields };
    };
    expect(await repoint({ kind: 'user', userId: frank.user.id })).toEqual({
      status: 409,
      fields: { 'recipient.userId': 'The invoice was sent: its recipient cannot change.' },
    });
    expect((await repoint({ kind: 'external', name: 'Frank', email: 'frank@example.com' })).fields).toHaveProperty([
      'recipient.kind',
    ]);
    expect((await server.call('GET', `/api/invoices/${invoice.id}`, { token: frank.token })).status).toBe(404);
    // the same recipient with a corrected address is an ordinary edit
    expect((await repoint({ kind: 'user', userId: bob.user.id, address: '2 Main St' })).status).toBe(200);

    const outside = await create(alice.token, { recipient: { kind: 'external', name: 'Acme', email: 'billing@acme.test' } });
    await server.call('POST', `/api/invoices/${outside.id}/send`, { token: alice.token, body: {} });
    const res = await server.call('PUT', `/api/invoices/${outside.id}`, {
      token: alice.token,
      body: body({ recipient: { kind: 'external', name: 'Acme', email: 'someone@else.test' } }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(['recipient.email']);
  });
});
