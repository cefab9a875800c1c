import { and, desc, sql } from 'drizzle-orm';

import { invoices } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, low, type SearchSource } from '../search/source.ts';
import { readableBy } from './visibility.ts';

/** Invoices the searcher may read (the invoices' own rule), by recipient, notes and number. */
export const invoiceSearchSource: SearchSource = async (db, who, words) => {
  const number = sql<string>`${invoices.number}::text`;
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, name: invoices.recipientName, notes: invoices.notes, status: invoices.status, at: invoices.createdAt })
    .from(invoices)
    .where(
      and(
        readableBy(who.userId),
        everyWord(words, [invoices.recipientName, invoices.notes, number]),
      ),
    )
    .orderBy(desc(invoices.createdAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, `#${r.number} · ${r.name}`, r.notes, iso(r.at), {
        kind: 'invoice',
        id: r.id,
        titleText: low(String(r.number), r.name),
        detail: r.status,
        target: { kind: 'invoice', invoiceId: r.id },
      }),
    ),
  );
};
