// The invoice list's query (tab, search, dates, sort, page) and the statuses it filters by:
// apart from the rest of the invoice contract (invoice.ts, which re-exports all of this), so
// the list page and its route loader build only these zod schemas, not the whole invoice's.
import { z } from 'zod';

export const STORED_STATUSES = ['draft', 'pending', 'paid', 'cancelled'] as const;
export type StoredInvoiceStatus = (typeof STORED_STATUSES)[number];
export const INVOICE_STATUSES = ['draft', 'pending', 'overdue', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_TABS = ['all', ...INVOICE_STATUSES] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

export const INVOICE_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A calendar day that exists (Date.parse takes 2026-02-30 as March 2; PostgreSQL refuses it). */
const realDay = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return v >= '1000' && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
};

export const dayField = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD).`)
    .refine(realDay, `${what} is not a real date.`);

/** Trimmed text of at most `max` characters. */
export const textField = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

export const invoiceSorts = ['issueDate', 'dueDate', 'number', 'total', 'recipient'] as const;
export type InvoiceSort = (typeof invoiceSorts)[number];

export const invoiceListQuery = z.object({
  scope: z.enum(['issued', 'received']).default('issued'),
  status: z.enum(INVOICE_TABS).default('all'),
  q: textField(100, 'The search is too long.').default(''),
  from: dayField('From').optional(),
  to: dayField('To').optional(),
  sort: z.enum(invoiceSorts).default('issueDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1, 'The page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => (INVOICE_PAGE_SIZES as readonly number[]).includes(n),
      'Page size 10, 25, 50 or 100.',
    )
    .default(25),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
