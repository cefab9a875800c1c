// Invoices: the payloads and rules shared by the server routes, the invoice pages (one zod
// schema for the form and the API) and the PDF. Money is integer minor units; totals come from
// ./invoice-totals.ts only.
//
// Status: `draft` (not sent: only the issuer sees it), `pending` (sent, awaiting payment),
// `paid`, `cancelled` are stored; `overdue` is never stored: it is a pending invoice whose due
// date is before today, derived on every read (`effectiveStatus`), so it cannot go stale.
// What may happen in which status is `INVOICE_ACTIONS` (the server enforces it, the page hides
// what it refuses): paid and cancelled invoices are locked; only drafts may be deleted (a sent
// invoice is cancelled instead, so the record stays); sending moves a draft to pending; only a
// sent invoice can be paid (a draft is not a bill yet: send it first), so a paid invoice is
// always one its recipient has received. Once sent, the recipient cannot change.
import { z } from 'zod';

import {
  dayField as day,
  textField as text,
  type InvoiceStatus,
  type InvoiceTab,
  type StoredInvoiceStatus,
} from './invoice-list.ts';
import {
  INVOICE_CURRENCIES,
  invoiceTotals,
  QUANTITY_DECIMALS,
  TAX_RATE_DECIMALS,
} from './invoice-totals.ts';
import { LANGUAGES, type Language } from './languages.ts';

export { INVOICE_CURRENCIES, type InvoiceCurrency } from './invoice-totals.ts';
// the list's query and the statuses, in a module of their own (invoice-list.ts)
export * from './invoice-list.ts';

/** An invoice's PDF and mail come in any of the app's languages. */
export const INVOICE_LANGUAGES = LANGUAGES;
export type InvoiceLanguage = Language;

export const MAX_INVOICE_ITEMS = 200;
/** Any amount, and an invoice's total, in minor units (10 million in a 2-decimal currency). */
export const MAX_MONEY = 1_000_000_000;

/** 'INV-0042' */
export const invoiceNumberLabel = (n: number) => `INV-${String(n).padStart(4, '0')}`;

/** `YYYY-MM-DD` of a date in UTC (the server's and the form's "today"). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function effectiveStatus(
  status: StoredInvoiceStatus,
  dueDate: string,
  today: string = isoDay(new Date()),
): InvoiceStatus {
  return status === 'pending' && dueDate < today ? 'overdue' : status;
}

export type InvoiceAction = 'edit' | 'delete' | 'send' | 'markPaid' | 'cancel' | 'duplicate';

export const INVOICE_ACTIONS: Record<StoredInvoiceStatus, readonly InvoiceAction[]> = {
  draft: ['edit', 'delete', 'send', 'cancel', 'duplicate'],
  pending: ['edit', 'send', 'markPaid', 'cancel', 'duplicate'],
  paid: ['duplicate'],
  cancelled: ['duplicate'],
};

export const canDo = (status: StoredInvoiceStatus, action: InvoiceAction) =>
  INVOICE_ACTIONS[status].includes(action);

const hasDecimals = (value: number, decimals: number) =>
  Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6;

const money = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number of minor units (cents).`)
    .min(0, `${what} cannot be negative.`)
    .max(MAX_MONEY, `${what} is too large.`);

export const invoiceItemSchema = z.object({
  id: z.string().min(1).max(64),
  title: text(200, 'The title is too long.').min(1, 'A line needs a title.'),
  description: text(1000, 'The description is too long.').default(''),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .positive('The quantity must be more than 0.')
    .max(1_000_000, 'The quantity is too large.')
    .refine((q) => hasDecimals(q, QUANTITY_DECIMALS), 'The quantity has at most 2 decimals.'),
  unitPrice: money('The unit price'),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceRecipientSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    userId: z.uuid('Pick a person from the directory.'),
    address: text(500, 'The address is too long.').default(''),
  }),
  z.object({
    kind: z.literal('external'),
    name: text(200, 'The name is too long.').min(1, 'The recipient needs a name.'),
    email: z.email('Invalid email address.').max(254),
    address: text(500, 'The address is too long.').default(''),
  }),
]);
export type InvoiceRecipientInput = z.infer<typeof invoiceRecipientSchema>;

const inMoneyRange = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_MONEY;

/** Whether every amount is one the fields accept, so the totals cannot overflow. */
function totalsComputable(value: {
  items: { quantity: number; unitPrice: number }[];
  discount: number;
  shipping: number;
  taxRate: number;
}): boolean {
  return (
    value.items.every(
      (item) => item.quantity > 0 && item.quantity <= 1_000_000 && inMoneyRange(item.unitPrice),
    ) &&
    inMoneyRange(value.discount) &&
    inMoneyRange(value.shipping) &&
    value.taxRate >= 0 &&
    value.taxRate <= 100
  );
}

/** The form and POST/PUT body. */
export const invoiceInputSchema = z
  .object({
    recipient: invoiceRecipientSchema,
    issuerAddress: text(500, 'The address is too long.').default(''),
    issueDate: day('The issue date'),
    dueDate: day('The due date'),
    currency: z.enum(INVOICE_CURRENCIES, { error: 'Pick a currency.' }),
    items: z
      .array(invoiceItemSchema)
      .min(1, 'Add at least one line.')
      .max(MAX_INVOICE_ITEMS, `At most ${MAX_INVOICE_ITEMS} lines.`),
    discount: money('The discount').default(0),
    shipping: money('Shipping').default(0),
    taxRate: z
      .number({ error: 'The tax rate must be a number.' })
      .min(0, 'The tax rate cannot be negative.')
      .max(100, 'The tax rate is at most 100 %.')
      .refine((r) => hasDecimals(r, TAX_RATE_DECIMALS), 'The tax rate has at most 2 decimals.')
      .default(0),
    notes: text(2000, 'The notes are too long.').default(''),
  })
  .superRefine((value, ctx) => {
    // the total is only worked out from amounts the fields accept: an out-of-range one (a
    // unit price near Number.MAX_VALUE) would overflow the sum, and its field already says so
    if (totalsComputable(value) && invoiceTotals(value).total > MAX_MONEY)
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: 'The invoice total is too large.',
      });
    if (value.dueDate < value.issueDate)
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'The due date cannot be before the issue date.',
      });
  });
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;
export type InvoiceFormValues = z.input<typeof invoiceInputSchema>;

export const invoiceIdsSchema = z.object({
  ids: z
    .array(z.uuid('Not an invoice id.'))
    .min(1, 'Pick invoices.')
    .max(100, 'At most 100 at once.'),
});

export const invoiceSendSchema = z.object({
  language: z.enum(INVOICE_LANGUAGES).optional(),
  message: text(2000, 'The message is too long.').default(''),
});

export const invoicePdfQuery = z.object({ lang: z.enum(INVOICE_LANGUAGES).optional() });

export interface InvoiceParty {
  /** a Clipdeck user, or null for an outside recipient */
  userId: string | null;
  name: string;
  /** shown only where the viewer may see it (outside recipients: the issuer's own input) */
  email: string | null;
  address: string;
}

export interface Invoice {
  id: string;
  number: number;
  numberLabel: string;
  status: InvoiceStatus;
  storedStatus: StoredInvoiceStatus;
  /** whether the viewer is the issuer (may edit) or the recipient (may read) */
  role: 'issuer' | 'recipient';
  issuer: InvoiceParty;
  recipient: InvoiceParty;
  issueDate: string;
  dueDate: string;
  currency: InvoiceInput['currency'];
  items: InvoiceItem[];
  discount: number;
  shipping: number;
  taxRate: number;
  notes: string;
  subtotal: number;
  tax: number;
  total: number;
  sentAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type InvoiceSummary = Omit<Invoice, 'items' | 'notes' | 'issuer'> & {
  issuerName: string;
  itemCount: number;
};

export interface InvoiceTabFigure {
  count: number;
  /** total per currency */
  sums: Partial<Record<InvoiceInput['currency'], number>>;
}

export interface InvoiceListResponse {
  items: InvoiceSummary[];
  total: number;
  page: number;
  pageSize: number;
  tabs: Record<InvoiceTab, InvoiceTabFigure>;
}
