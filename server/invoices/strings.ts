// The invoice's words on the server (the PDF and the mail), in the invoice's language. They are
// the app's own (src/locales/<lang>/invoice.json, lib/app-strings.ts), so the PDF says what
// the invoice page says: WORDS names each word the PDF and the mail use and where it is there.
import { INVOICE_STATUSES, type InvoiceLanguage } from '../contracts/invoice.ts';
import { appString, fillIn } from '../lib/app-strings.ts';

export const WORDS: Record<string, string> = {
  title: 'doc.invoice',
  number: 'doc.number',
  from: 'doc.from',
  billTo: 'doc.billTo',
  issueDate: 'form.issueDate',
  dueDate: 'form.dueDate',
  currency: 'form.currency',
  item: 'doc.item',
  quantity: 'doc.quantity',
  unitPrice: 'doc.unitPrice',
  amount: 'doc.amount',
  subtotal: 'totals.subtotal',
  discount: 'totals.discount',
  shipping: 'totals.shipping',
  tax: 'totals.tax',
  total: 'totals.total',
  notes: 'doc.notes',
  page: 'doc.page',
  paidOn: 'doc.paidOn',
  'mail.subject': 'mail.subject',
  'mail.intro': 'mail.intro',
  'mail.open': 'mail.open',
  'mail.attached': 'mail.attached',
  'mail.wrote': 'mail.wrote',
  'mail.sentBy': 'mail.sentBy',
  ...Object.fromEntries(INVOICE_STATUSES.map((status) => [`status.${status}`, `status.${status}`])),
};

/** t('paidOn', { date }): the word in the invoice's language, its {{placeholders}} filled in. */
export function invoiceText(language: InvoiceLanguage) {
  return (word: string, values: Record<string, string | number> = {}) => {
    const key = WORDS[word] ?? word;
    return fillIn(appString(language, 'invoice', key) ?? word, values);
  };
}
