// Demo invoices between the demo users, over the last six months, in every status: paid ones
// (the banking page reads them), pending, overdue, drafts and a cancelled one, plus invoices to
// outside clients. Deterministic, and idempotent: nothing is written once Dana has invoices.
import { eq } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { isoDay, type InvoiceInput, type StoredInvoiceStatus } from '../contracts/invoice.ts';
import { invoices } from '../db/schema/index.ts';
import { createInvoice } from '../invoices/store.ts';
import type { DemoUsers } from './demo-users.ts';

const SERVICES: [string, string, number][] = [
  ['Video editing', 'Cutting and colour grading, per hour', 8500],
  ['Clip subtitles', 'Subtitles in two languages, per clip', 4000],
  ['Thumbnail design', 'Three options, one revision', 6000],
  ['Channel audit', 'Analytics review and recommendations', 45000],
  ['Motion graphics', 'Intro and lower thirds', 32000],
  ['Voice-over', 'Recording and clean-up, per minute', 2500],
  ['Hosting', 'Media storage, per month', 1500],
];

const CLIENTS = [
  { name: 'Northwind Studios', email: 'billing@northwind.example', address: '500 Harbour Rd\nSeattle, WA 98101' },
  { name: 'Atelier Lumière', email: 'compta@lumiere.example', address: '14 rue des Arts\n69002 Lyon' },
];

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

export async function seedInvoices(deps: AppDeps, demo: DemoUsers): Promise<void> {
  const db = deps.database.db;
  const dana = demo.demo!;
  const existing = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.issuerId, dana.id))
    .limit(1);
  if (existing.length > 0) return;

  const rand = random(42);
  const pairs: [string, string | (typeof CLIENTS)[number]][] = [
    [dana.id, demo.sam!.id],
    [dana.id, demo.lin!.id],
    [dana.id, CLIENTS[0]!],
    [demo.sam!.id, dana.id],
    [demo.lin!.id, dana.id],
    [dana.id, CLIENTS[1]!],
  ];
  const now = Date.now();
  const day = 86_400_000;
  // oldest first, so numbers follow the dates
  for (let i = 29; i >= 0; i -= 1) {
    const [issuerId, to] = pairs[i % pairs.length]!;
    const issued = new Date(now - Math.floor(i * 6 + rand() * 4) * day);
    const due = new Date(issued.getTime() + 30 * day);
    const lineCount = 1 + Math.floor(rand() * 4);
    const items = Array.from({ length: lineCount }, (_, n) => {
      const [title, description, price] = SERVICES[Math.floor(rand() * SERVICES.length)]!;
      const quantity = title === 'Video editing' ? 1.5 + Math.floor(rand() * 8) : 1 + Math.floor(rand() * 5);
      return { id: `seed-${i}-${n}`, title, description, quantity, unitPrice: price };
    });
    const input: InvoiceInput = {
      recipient:
        typeof to === 'string'
          ? { kind: 'user', userId: to, address: '' }
          : { kind: 'external', ...to },
      issuerAddress: '',
      issueDate: isoDay(issued),
      dueDate: isoDay(due),
      currency: i % 7 === 3 ? 'EUR' : 'USD',
      items,
      discount: i % 4 === 0 ? 1000 : 0,
      shipping: 0,
      taxRate: i % 3 === 0 ? 8.25 : 0,
      notes: i % 5 === 0 ? 'Thank you for your business. Payment by bank transfer.' : '',
    };
    const id = await createInvoice(db, issuerId, input);
    // newest first: the latest are drafts and pending; older ones mostly paid, a few overdue
    const status: StoredInvoiceStatus =
      i < 2 ? 'draft' : i < 6 ? 'pending' : i === 8 ? 'cancelled' : i % 8 === 7 ? 'pending' : 'paid';
    if (status === 'draft') continue;
    const sentAt = new Date(issued.getTime() + day / 2);
    await db
      .update(invoices)
      .set({
        status,
        sentAt,
        paidAt: status === 'paid' ? new Date(issued.getTime() + Math.floor(5 + rand() * 20) * day) : null,
        cancelledAt: status === 'cancelled' ? new Date(sentAt.getTime() + 2 * day) : null,
      })
      .where(eq(invoices.id, id));
  }
}
