// The invoice form's values (money in major units as typed, dates as YYYY-MM-DD) ↔ the API's
// InvoiceInput (integer minor units), checked with the server's own schema; zod's issue paths
// become Mantine form paths so every error lands on its field.
import {
  invoiceInputSchema,
  isoDay,
  type Invoice,
  type InvoiceCurrency,
  type InvoiceInput,
} from '../../../../server/contracts/invoice';
import {
  invoiceTotals,
  toMajorNumber,
  toMinorUnits,
  type InvoiceTotals,
} from '../../../../server/contracts/invoice-totals';

export interface ItemValues {
  id: string;
  title: string;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
}

export interface InvoiceFormValues {
  recipientKind: 'user' | 'external';
  recipientUserId: string | null;
  recipientUserName: string;
  recipientName: string;
  recipientEmail: string;
  recipientAddress: string;
  issuerAddress: string;
  issueDate: string;
  dueDate: string;
  currency: InvoiceCurrency;
  items: ItemValues[];
  discount: number | string;
  shipping: number | string;
  taxRate: number | string;
  notes: string;
}

let nextId = 0;
export const newItemId = () => `line-${Date.now().toString(36)}-${(nextId += 1)}`;
export const emptyItem = (): ItemValues => ({
  id: newItemId(),
  title: '',
  description: '',
  quantity: 1,
  unitPrice: '',
});

export function emptyInvoiceForm(today = new Date()): InvoiceFormValues {
  return {
    recipientKind: 'user',
    recipientUserId: null,
    recipientUserName: '',
    recipientName: '',
    recipientEmail: '',
    recipientAddress: '',
    issuerAddress: '',
    issueDate: isoDay(today),
    dueDate: isoDay(new Date(today.getTime() + 30 * 86_400_000)),
    currency: 'USD',
    items: [emptyItem()],
    discount: 0,
    shipping: 0,
    taxRate: 0,
    notes: '',
  };
}

export function invoiceToForm(invoice: Invoice): InvoiceFormValues {
  const c = invoice.currency;
  return {
    recipientKind: invoice.recipient.userId ? 'user' : 'external',
    recipientUserId: invoice.recipient.userId,
    recipientUserName: invoice.recipient.userId ? invoice.recipient.name : '',
    recipientName: invoice.recipient.userId ? '' : invoice.recipient.name,
    recipientEmail: invoice.recipient.email ?? '',
    recipientAddress: invoice.recipient.address,
    issuerAddress: invoice.issuer.address,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: c,
    items: invoice.items.map((item) => ({ ...item, unitPrice: toMajorNumber(item.unitPrice, c) })),
    discount: toMajorNumber(invoice.discount, c),
    shipping: toMajorNumber(invoice.shipping, c),
    taxRate: invoice.taxRate,
    notes: invoice.notes,
  };
}

const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));
const minor = (v: number | string, c: InvoiceCurrency) => toMinorUnits(v, c) ?? Number.NaN;

/** What the form sends (not yet validated: NaN stands for "not a number"). */
export function formToInput(v: InvoiceFormValues): InvoiceInput {
  const c = v.currency;
  return {
    recipient:
      v.recipientKind === 'user'
        ? { kind: 'user', userId: v.recipientUserId ?? '', address: v.recipientAddress }
        : {
            kind: 'external',
            name: v.recipientName,
            email: v.recipientEmail.trim(),
            address: v.recipientAddress,
          },
    issuerAddress: v.issuerAddress,
    issueDate: v.issueDate,
    dueDate: v.dueDate,
    currency: c,
    items: v.items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      quantity: num(item.quantity),
      unitPrice: minor(item.unitPrice, c),
    })),
    discount: v.discount === '' ? 0 : minor(v.discount, c),
    shipping: v.shipping === '' ? 0 : minor(v.shipping, c),
    taxRate: v.taxRate === '' ? 0 : num(v.taxRate),
    notes: v.notes,
  };
}

/** A server or schema path as the form's field path. */
export function formPath(path: string): string {
  const map: Record<string, string> = {
    'recipient.kind': 'recipientKind',
    'recipient.userId': 'recipientUserId',
    'recipient.name': 'recipientName',
    'recipient.email': 'recipientEmail',
    'recipient.address': 'recipientAddress',
  };
  return map[path] ?? path;
}

export function validateInvoiceForm(values: InvoiceFormValues): {
  input?: InvoiceInput;
  errors?: Record<string, string>;
} {
  const parsed = invoiceInputSchema.safeParse(formToInput(values));
  if (parsed.success) return { input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[formPath(issue.path.join('.'))] ??= issue.message;
  return { errors };
}

/** Live totals of what is typed so far: anything not a number yet counts as 0. */
export function liveTotals(values: InvoiceFormValues): InvoiceTotals {
  const input = formToInput(values);
  const safe = (n: number) => (Number.isFinite(n) && n >= 0 ? n : 0);
  return invoiceTotals({
    currency: input.currency,
    items: input.items.map((i) => ({
      quantity: Math.round(safe(i.quantity) * 100) / 100,
      unitPrice: Math.round(safe(i.unitPrice)),
    })),
    discount: Math.round(safe(input.discount)),
    shipping: Math.round(safe(input.shipping)),
    taxRate: Math.round(safe(input.taxRate) * 100) / 100,
  });
}
