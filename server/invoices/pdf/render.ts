// The invoice as a PDF (pdfkit, A4). The figures are the contract's `invoiceTotals` of the
// invoice's own lines and formatted by the contract's `formatInvoiceMoney`, the same calls the
// page makes, so page, API and paper agree to the minor unit. In Arabic the whole layout is
// mirrored (columns, alignment, the reading order of mixed text: see ./text.ts).
// The PDF is tagged: every line drawn is a structure element, in reading order, and one whose
// glyphs do not read back as its text (Arabic) carries that text as its ActualText, which screen
// readers and structure-aware extraction take. Rules are artifacts, outside the structure.
// `renderInvoicePdf` also returns the logical lines it drew, in drawing order, for tests.
import PDFDocument from 'pdfkit';

import {
  formatInvoiceMoney,
  formatQuantity,
  invoiceTotals,
} from '../../contracts/invoice-totals.ts';
import type { Invoice, InvoiceLanguage } from '../../contracts/invoice.ts';
import { LANGUAGE_META } from '../../contracts/languages.ts';
import { invoiceText } from '../strings.ts';
import { fontBytes, type FontName } from './fonts.ts';
import { visualRuns, wrapLines } from './text.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const INK = '#1c2430';
const MUTED = '#5f6b7a';
const LINE = '#d5dbe3';
const ACCENT = '#1f6feb';

type Align = 'start' | 'end' | 'center';

/** Text widths depend on font, size and text only: measured once per process (wrapping and
 *  alignment measure the same labels, amounts and names on every invoice). */
const WIDTH_CACHE_SIZE = 20_000;
const WIDTHS = new Map<string, number>();
interface TextOptions {
  x: number;
  y: number;
  width: number;
  size?: number;
  bold?: boolean;
  align?: Align;
  color?: string;
  /** what people typed: its own direction (first strong character) */
  typed?: boolean;
  /** one line that must not wrap (an amount): the size shrinks until it fits */
  fit?: boolean;
  /** the structure element of each line: a paragraph unless said otherwise */
  role?: 'P' | 'H1';
}

class Page {
  readonly drawn: string[] = [];
  private readonly registered = new Set<FontName>();
  /** the structure tree's root: every line drawn is one of its blocks, in reading order */
  private readonly document: PDFKit.PDFStructureElement;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
  ) {
    this.document = doc.struct('Document');
    doc.addStructure(this.document);
  }

  private use(font: FontName, size: number) {
    if (!this.registered.has(font)) {
      this.doc.registerFont(font, fontBytes(font));
      this.registered.add(font);
    }
    this.doc.font(font).fontSize(size);
  }

  private direction(typed?: boolean) {
    return typed ? 'auto' : this.rtl ? 'rtl' : 'ltr';
  }

  private runWidth(run: { text: string; font: FontName }, size: number) {
    const key = `${run.font}|${size}|${run.text}`;
    let width = WIDTHS.get(key);
    if (width === undefined) {
      this.use(run.font, size);
      width = this.doc.widthOfString(run.text, { features: [] });
      if (WIDTHS.size >= WIDTH_CACHE_SIZE) WIDTHS.delete(WIDTHS.keys().next().value!);
      WIDTHS.set(key, width);
    }
    return width;
  }

  width(line: string, size: number, bold = false, typed = false) {
    return visualRuns(line, this.direction(typed), bold).runs.reduce(
      (sum, run) => sum + this.runWidth(run, size),
      0,
    );
  }

  /** Page x of a box given from the reading start edge. */
  boxX(x: number, width: number) {
    return this.rtl ? PAGE.margin + CONTENT - x - width : PAGE.margin + x;
  }

  /** Draws wrapped text in a box; returns the height used. */
  text(value: string, o: TextOptions): number {
    let size = o.size ?? 10;
    const lineHeight = size * 1.45;
    if (o.fit)
      while (size > 5 && this.width(value, size, o.bold, o.typed) > o.width) size -= 0.5;
    const lines = o.fit
      ? [value]
      : wrapLines(value, o.width, (l) => this.width(l, size, o.bold, o.typed));
    lines.forEach((line, index) => {
      this.drawn.push(line);
      const { runs, actual } = visualRuns(line, this.direction(o.typed), o.bold);
      const widths = runs.map((run) => this.runWidth(run, size));
      const total = widths.reduce((a, b) => a + b, 0);
      const left = this.boxX(o.x, o.width);
      const align = o.align ?? 'start';
      const atLeft = (align === 'start') !== this.rtl;
      let cx =
        align === 'center' ? left + (o.width - total) / 2 : atLeft ? left : left + o.width - total;
      // each run's x from the visual order, then drawn in logical order: a reader that takes
      // text in drawing order (copy, pdf.js) gets the line as it reads, not right to left
      const placed = runs.map((run, i) => {
        const x = cx;
        cx += widths[i]!;
        return { run, x };
      });
      placed.sort((a, b) => a.run.logicalIndex - b.run.logicalIndex);
      // the line is one structure element; its ActualText, when its glyphs do not read back as
      // it, is what tagged-PDF readers (screen readers, pdf.js's accessibility tree) take
      const role = o.role ?? 'P';
      const block = this.doc.struct(role, actual === undefined ? {} : { actual });
      this.document.add(block);
      block.add(this.doc.markStructureContent(role));
      for (const { run, x } of placed) {
        this.use(run.font, size);
        this.doc.fillColor(o.color ?? INK);
        this.doc.text(run.text, x, o.y + index * lineHeight, { lineBreak: false, features: [] });
      }
      this.doc.endMarkedContent();
      block.end();
    });
    return lines.length * lineHeight;
  }

  /** A rule is layout, not content: an artifact, outside the structure tree. */
  rule(y: number, color = LINE) {
    this.doc.markContent('Artifact', { type: 'Layout' });
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();
    this.doc.endMarkedContent();
  }
}

export interface RenderedInvoice {
  pdf: Buffer;
  /** the logical text lines drawn, in order (tests compare them with the page's figures) */
  lines: string[];
}

const formatDay = (day: string, intl: string) =>
  new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export async function renderInvoicePdf(
  invoice: Invoice,
  language: InvoiceLanguage,
): Promise<RenderedInvoice> {
  const t = invoiceText(language);
  const intl = LANGUAGE_META[language].intl;
  const money = (amount: number) => formatInvoiceMoney(amount, invoice.currency, intl);
  const totals = invoiceTotals(invoice);
  const doc = new PDFDocument({
    size: 'A4',
    // pdfkit's own bottom margin is low: this module places every line, the footer included
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 8 },
    bufferPages: true,
    info: { Title: `${t('title')} ${invoice.numberLabel}`, Author: invoice.issuer.name },
    // tagged (ISO 32000-1 §14.8): a structure tree of the lines in reading order, each with its
    // ActualText where its glyphs do not read back as it (see ./text.ts)
    tagged: true,
    pdfVersion: '1.7',
    lang: LANGUAGE_META[language].htmlLang,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const page = new Page(doc, LANGUAGE_META[language].dir === 'rtl');

  // header: title and number at the start edge, status at the end edge
  let y = PAGE.margin;
  page.text(t('title'), { x: 0, y, width: CONTENT / 2, size: 24, bold: true, color: ACCENT, role: 'H1' });
  page.text(t(`status.${invoice.status}`), {
    x: CONTENT / 2,
    y: y + 6,
    width: CONTENT / 2,
    size: 12,
    bold: true,
    align: 'end',
    color: invoice.status === 'overdue' ? '#c92a2a' : MUTED,
  });
  y += 38;
  page.text(`${t('number')}: ${invoice.numberLabel}`, { x: 0, y, width: CONTENT, size: 11 });
  y += 28;

  // parties
  const half = CONTENT / 2 - 12;
  const party = (label: string, p: Invoice['issuer'], x: number) => {
    let h = page.text(label, { x, y, width: half, size: 9, bold: true, color: MUTED });
    h += page.text(p.name, { x, y: y + h, width: half, size: 11, bold: true, typed: true });
    if (p.email) h += page.text(p.email, { x, y: y + h, width: half, color: MUTED, typed: true });
    if (p.address)
      h += page.text(p.address, { x, y: y + h, width: half, color: MUTED, typed: true });
    return h;
  };
  y += Math.max(party(t('from'), invoice.issuer, 0), party(t('billTo'), invoice.recipient, half + 24)) + 16;

  // dates and currency
  const facts: [string, string][] = [
    [t('issueDate'), formatDay(invoice.issueDate, intl)],
    [t('dueDate'), formatDay(invoice.dueDate, intl)],
    [t('currency'), invoice.currency],
  ];
  facts.forEach(([label, value], i) => {
    const x = (CONTENT / 3) * i;
    page.text(label, { x, y, width: CONTENT / 3 - 8, size: 9, bold: true, color: MUTED });
    page.text(value, { x, y: y + 14, width: CONTENT / 3 - 8 });
  });
  y += 44;

  // lines
  const cols = { n: 0, item: 22, qty: 238, unit: 292, amount: 396 };
  const colWidth = { n: 20, item: 212, qty: 50, unit: 100, amount: CONTENT - 396 };
  const tableHeader = () => {
    page.rule(y);
    y += 6;
    page.text('#', { x: cols.n, y, width: colWidth.n, size: 9, bold: true, color: MUTED });
    page.text(t('item'), { x: cols.item, y, width: colWidth.item, size: 9, bold: true, color: MUTED });
    page.text(t('quantity'), { x: cols.qty, y, width: colWidth.qty, size: 9, bold: true, color: MUTED, align: 'end' });
    page.text(t('unitPrice'), { x: cols.unit, y, width: colWidth.unit, size: 9, bold: true, color: MUTED, align: 'end' });
    page.text(t('amount'), { x: cols.amount, y, width: colWidth.amount, size: 9, bold: true, color: MUTED, align: 'end' });
    y += 18;
    page.rule(y);
    y += 6;
  };
  tableHeader();
  invoice.items.forEach((item, index) => {
    const descHeight = item.description
      ? wrapLines(item.description, colWidth.item, (l) => page.width(l, 9, false, true)).length *
        13
      : 0;
    if (y + 16 + descHeight > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
      tableHeader();
    }
    page.text(String(index + 1), { x: cols.n, y, width: colWidth.n, color: MUTED });
    let h = page.text(item.title, { x: cols.item, y, width: colWidth.item, bold: true, typed: true });
    if (item.description)
      h += page.text(item.description, {
        x: cols.item, y: y + h, width: colWidth.item, size: 9, color: MUTED, typed: true,
      });
    const cell = { y, align: 'end', fit: true } as const;
    page.text(formatQuantity(item.quantity, intl), { ...cell, x: cols.qty, width: colWidth.qty });
    page.text(money(item.unitPrice), { ...cell, x: cols.unit, width: colWidth.unit });
    page.text(money(totals.lines[index]!), { ...cell, x: cols.amount, width: colWidth.amount });
    y += h + 6;
    page.rule(y - 3, '#eef1f5');
  });

  // totals at the end edge
  const rate = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 }).format(
    invoice.taxRate / 100,
  );
  const rows: [string, string, boolean][] = [
    [t('subtotal'), money(totals.subtotal), false],
    [t('discount'), money(totals.discount), false],
    [t('shipping'), money(totals.shipping), false],
    [t('tax', { rate }), money(totals.tax), false],
    [t('total'), money(totals.total), true],
  ];
  if (y + rows.length * 18 + 16 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 8;
  for (const [label, value, strong] of rows) {
    if (strong) {
      page.rule(y - 3);
      y += 3;
    }
    const size = strong ? 12 : 10;
    page.text(label, { x: 200, y, width: 180, size, bold: strong, color: strong ? INK : MUTED, align: 'end' });
    page.text(value, { x: 386, y, width: CONTENT - 386, size, bold: strong, align: 'end', fit: true });
    y += strong ? 22 : 17;
  }
  if (invoice.paidAt) {
    page.text(t('paidOn', { date: formatDay(invoice.paidAt.slice(0, 10), intl) }), {
      x: 260, y, width: CONTENT - 260, size: 10, bold: true, color: '#2b8a3e', align: 'end',
    });
    y += 18;
  }

  // notes
  if (invoice.notes) {
    const noteLines = wrapLines(invoice.notes, CONTENT, (l) => page.width(l, 10, false, true)).length;
    if (y + 30 + noteLines * 14.5 > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
    }
    y += 14;
    page.text(t('notes'), { x: 0, y, width: CONTENT, size: 9, bold: true, color: MUTED });
    page.text(invoice.notes, { x: 0, y: y + 14, width: CONTENT, typed: true });
  }

  // footer on every page
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    page.text(`${invoice.numberLabel} · ${t('page', { page: i + 1, pages: range.count })}`, {
      x: 0, y: PAGE.height - PAGE.margin, width: CONTENT, size: 8, color: MUTED, align: 'center',
    });
  }
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), lines: page.drawn };
}
