// Invoice measurements: (1) the list call with 10,000 invoices of one issuer (tabs with counts
// and sums, a page of 25, over a mix of tabs, searches, date ranges and sorts) — p50/p95 of
// GET /api/invoices through the app on an embedded PGlite database; (2) PDF generation time
// for a 50-line invoice (English, Arabic, Chinese) after one warm-up render.
// Prints figures, asserts nothing. Run: npm run bench:invoices [-- invoices]
import { eq } from 'drizzle-orm';

import { INVOICE_TABS, type InvoiceInput } from '../../server/contracts/invoice';
import { invoiceTotals } from '../../server/contracts/invoice-totals';
import { invoiceCounters, invoices } from '../../server/db/schema/index';
import { renderInvoicePdf } from '../../server/invoices/pdf/render';
import { toInvoice } from '../../server/invoices/store';
import { createTestServer } from '../../server/testing/test-server';

const COUNT = Number(process.argv[2] ?? 10_000);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const server = await createTestServer();
const { user, token } = await server.createUser({ firstName: 'Bench', lastName: 'Issuer' });
const db = server.deps.database.db;
const names = ['Northwind', 'Acme Corp', 'Atelier Lumière', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries'];
const statuses = ['draft', 'pending', 'paid', 'cancelled'] as const;

let started = performance.now();
for (let offset = 0; offset < COUNT; offset += 500) {
  const rows = Array.from({ length: Math.min(500, COUNT - offset) }, (_, k) => {
    const n = offset + k + 1;
    const issued = new Date(Date.UTC(2024, 0, 1) + (n % 900) * 86_400_000);
    const items = Array.from({ length: 1 + (n % 5) }, (_, i) => ({
      id: `b${n}-${i}`,
      title: `Service ${i}`,
      description: '',
      quantity: 1 + (n % 7) / 2,
      unitPrice: 1000 + ((n * 37) % 90_000),
    }));
    const input = { currency: n % 9 === 0 ? 'EUR' : 'USD', items, discount: 0, shipping: 500, taxRate: 8.25 } as const;
    const totals = invoiceTotals(input);
    return {
      issuerId: user.id,
      number: n,
      status: statuses[n % 4]!,
      recipientName: `${names[n % names.length]} ${n % 97}`,
      recipientEmail: 'billing@example.com',
      issueDate: issued.toISOString().slice(0, 10),
      dueDate: new Date(issued.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      currency: input.currency,
      items,
      itemCount: items.length,
      discount: 0,
      shipping: 500,
      taxRateHundredths: 825,
      subtotal: totals.subtotal,
      tax: totals.tax,
      total: totals.total,
      sentAt: n % 4 === 0 ? null : issued,
    };
  });
  await db.insert(invoices).values(rows);
}
await db.insert(invoiceCounters).values({ issuerId: user.id, lastNumber: COUNT });
console.log(`seeded ${COUNT} invoices in ${ms(performance.now() - started)}`);

const queries = [
  '',
  ...INVOICE_TABS.map((s) => `status=${s}`),
  'q=acme',
  'q=INV-0042',
  'from=2024-06-01&to=2024-09-30',
  'sort=total&order=desc',
  'sort=recipient&order=asc&page=7',
  'status=paid&sort=dueDate&pageSize=100',
  'page=200',
];
for (const q of queries) await server.call('GET', `/api/invoices?${q}`, { token }); // warm-up
const times: number[] = [];
for (let round = 0; round < 12; round += 1)
  for (const q of queries) {
    const t0 = performance.now();
    const res = await server.call('GET', `/api/invoices?${q}`, { token });
    await res.json();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`list ${q}: ${res.status}`);
  }
console.log(
  `invoice list (${COUNT} invoices, ${times.length} calls): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`,
);

// a 50-line invoice, rendered as the PDF call renders it
const input: InvoiceInput = {
  recipient: { kind: 'external', name: 'Northwind Studios', email: 'billing@example.com', address: '500 Harbour Rd\nSeattle' },
  issuerAddress: '12 rue des Arts\n69002 Lyon',
  issueDate: '2026-01-10',
  dueDate: '2026-02-10',
  currency: 'USD',
  items: Array.from({ length: 50 }, (_, i) => ({
    id: `l${i}`,
    title: `Video editing, episode ${i + 1}`,
    description: i % 3 === 0 ? 'Cutting, colour grading and sound clean-up' : '',
    quantity: 1 + (i % 4) / 2,
    unitPrice: 8500 + i * 125,
  })),
  discount: 5000,
  shipping: 0,
  taxRate: 8.25,
  notes: 'Thank you for your business.',
};
const res = await server.call('POST', '/api/invoices', { token, body: input });
const { invoice: created } = (await res.json()) as { invoice: { id: string } };
const [row] = await db.select().from(invoices).where(eq(invoices.id, created.id));
const invoice = await toInvoice(db, row!, user.id);
for (const language of ['en', 'ar', 'cn'] as const) {
  await renderInvoicePdf(invoice, language); // warm-up: fonts read and parsed once per process
  const renders: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 10; i += 1) {
    started = performance.now();
    const { pdf } = await renderInvoicePdf(invoice, language);
    renders.push(performance.now() - started);
    bytes = pdf.length;
  }
  console.log(
    `PDF, 50 lines, ${language}: median ${ms(percentile(renders, 50))}, p95 ${ms(percentile(renders, 95))} (${(bytes / 1024).toFixed(0)} KB, ${Math.ceil(50 / 22)}+ pages)`,
  );
}
await server.close();
