// The invoice PDF read back as text (tests/testing/pdf-text.ts, pdf.js). Arabic is drawn shaped and
// right to left, yet reading it out must give the words as they are written: in reading order,
// with the right letters. Noto Sans Arabic draws ب ت ث ن ي with one dotless glyph plus dot
// glyphs, so the letters come from each line's ActualText in the structure tree (what pdf.js
// hands to screen readers); the glyphs alone (pdf.js's text layer, what Firefox copies) still
// come in reading order, with look-alike letters.
import { describe, expect, it } from 'vitest';

import { pdfText } from '../../../tests/testing/pdf-text.ts';
import { formatInvoiceMoney } from '../../contracts/invoice-totals.ts';
import type { Invoice, InvoiceLanguage } from '../../contracts/invoice.ts';
import { LANGUAGE_META } from '../../contracts/languages.ts';
import { invoiceText } from '../strings.ts';
import { renderInvoicePdf } from './render.ts';

const party = (name: string, email: string, address: string) => ({
  userId: null,
  name,
  email,
  address,
});

const invoice: Invoice = {
  id: '00000000-0000-4000-8000-000000000007',
  number: 7,
  numberLabel: 'INV-0007',
  status: 'pending',
  storedStatus: 'pending',
  role: 'issuer',
  issuer: party('شركة النور', 'noor@example.com', 'شارع الملك ١٢، الرياض'),
  recipient: party('محمد أحمد', 'mo@example.com', 'Rue de la Paix 3'),
  issueDate: '2026-01-10',
  dueDate: '2026-02-10',
  currency: 'USD',
  items: [
    {
      id: 'a',
      title: 'تصميم الشعار',
      description: 'ثلاث مسودات (PDF)',
      quantity: 1.5,
      unitPrice: 12050,
    },
    {
      id: 'b',
      title: 'استضافة Clipdeck Pro لمدة 12 شهرا',
      description: '',
      quantity: 12,
      unitPrice: 1500,
    },
    { id: 'c', title: 'Video editing', description: '', quantity: 1, unitPrice: 1500 },
  ],
  discount: 1000,
  shipping: 500,
  taxRate: 8.25,
  notes: 'شكرا لتعاملكم معنا',
  subtotal: 37575,
  tax: 3017,
  total: 40092,
  sentAt: '2026-01-10T09:00:00.000Z',
  paidAt: null,
  cancelledAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

/** no-break spaces read back as spaces or not, depending on the font's ToUnicode map */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** an amount as the PDF prints it (bidi marks are not drawn) */
const money = (amount: number, language: InvoiceLanguage) =>
  spaces(
    formatInvoiceMoney(amount, 'USD', LANGUAGE_META[language].intl).replace(/[\u200e\u200f\u061c]/g, ''),
  );

/** a tax rate as the PDF prints it */
const percent = (rate: number, language: InvoiceLanguage) =>
  new Intl.NumberFormat(LANGUAGE_META[language].intl, { style: 'percent', maximumFractionDigits: 2 })
    .format(rate / 100)
    .replace(/[\u200e\u200f\u061c]/g, '');

async function readBack(language: InvoiceLanguage, options?: { actualText: boolean }) {
  const { pdf } = await renderInvoicePdf(invoice, language);
  const pages = await pdfText(new Uint8Array(pdf), options);
  return spaces(pages.join('\n')).split('\n');
}

/** Arabic letters that Noto Sans Arabic draws alike (one dotless shape, dots apart) as one,
 *  and brackets as one (a right-to-left run shows the mirrored glyph, which reads as its own) */
const LOOK_ALIKES: [RegExp, string][] = [
  [/[بتثنيىئ]/g, 'ٮ'],
  [/[جحخ]/g, 'ح'],
  [/[دذ]/g, 'د'],
  [/[رز]/g, 'ر'],
  [/[سش]/g, 'س'],
  [/[صض]/g, 'ص'],
  [/[طظ]/g, 'ط'],
  [/[عغ]/g, 'ع'],
  [/[فق]/g, 'ف'],
  [/[اأإآ]/g, 'ا'],
  [/[هة]/g, 'ه'],
  [/[وؤ]/g, 'و'],
  [/[()]/g, '('],
];
const lookAlike = (text: string) =>
  LOOK_ALIKES.reduce((t, [letters, shape]) => t.replace(letters, shape), text);

/**
 * A pattern for what a reader of the glyphs alone gets for `expected`: look-alike letters, and
 * between them whatever pdf.js makes of the dot glyphs (which have no Unicode of their own: it
 * reads their number in the font, a character below U+0100) and of the gaps between words.
 */
function glyphsOf(expected: string) {
  const escape = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    [...lookAlike(expected).replace(/\s/g, '')].map(escape).join('[^\\n\\u0100-\\uffff]*'),
  );
}

describe('invoice PDF text', () => {
  it('reads an Arabic invoice back in reading order, letter for letter', async () => {
    const lines = await readBack('ar');
    const t = invoiceText('ar');
    const expected = [
      // labels
      `${t('number')}: INV-0007`,
      t('from'),
      t('billTo'),
      t('issueDate'),
      t('dueDate'),
      t('notes'),
      // names and addresses as typed
      'شركة النور',
      'محمد أحمد',
      'شارع الملك ١٢، الرياض',
      'Rue de la Paix 3',
      'ثلاث مسودات (PDF)',
      'شكرا لتعاملكم معنا',
    ];
    for (const line of expected) expect(lines).toContain(line);
    // a line shares its row with other cells: item titles, column headings and totals in order
    const text = lines.join('\n');
    for (const part of [
      '1تصميم الشعار',
      '2استضافة Clipdeck Pro لمدة 12 شهرا',
      `#${t('item')}${t('quantity')}${t('unitPrice')}${t('amount')}`,
      `${t('subtotal')}${money(37575, 'ar')}`,
      `${t('tax', { rate: percent(8.25, 'ar') })}${money(3017, 'ar')}`,
      `${t('total')}${money(40092, 'ar')}`,
    ])
      expect(text).toContain(part);
  });

  it('draws each line in reading order, so the glyphs alone read in order too', async () => {
    const text = lookAlike((await readBack('ar', { actualText: false })).join('\n'));
    const t = invoiceText('ar');
    for (const line of [
      `${t('number')}: INV-0007`,
      'شركة النور',
      '2استضافة Clipdeck Pro لمدة 12 شهرا',
      'شارع الملك ١٢، الرياض',
      'ثلاث مسودات (PDF)',
      'شكرا لتعاملكم معنا',
      `${t('total')}${money(40092, 'ar')}`,
    ])
      expect(text).toMatch(glyphsOf(line));
  });

  it('reads the other languages back as before, an Arabic name among them in reading order', async () => {
    const figures: Record<string, string[]> = {
      en: ['Invoice number: INV-0007', 'Bill to', 'Video editing'],
      cn: ['发票编号: INV-0007', '收票方'],
      vn: ['Số hóa đơn: INV-0007', 'Gửi đến'],
    };
    for (const [language, expected] of Object.entries(figures)) {
      const text = (await readBack(language as InvoiceLanguage)).join('\n');
      const amounts = [37575, 40092].map((amount) => money(amount, language as InvoiceLanguage));
      for (const part of [
        ...expected,
        ...amounts,
        'محمد أحمد',
        '2استضافة Clipdeck Pro لمدة 12 شهرا',
      ])
        expect(text, language).toContain(part);
    }
  });
});
