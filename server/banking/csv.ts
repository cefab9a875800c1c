// Transactions as CSV (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote
// or line break is quoted and its quotes doubled), with a UTF-8 byte-order mark so spreadsheet
// programs read names in any script. Safe to open in a spreadsheet: a cell that starts with
// = + - @ (or a tab or carriage return) would be read as a formula, so it gets a leading
// apostrophe (OWASP "CSV injection"). Amounts are written unsigned in the currency's major unit
// with a `type` column (income, expense), so no cell of ours starts with a minus sign.
import type { Transaction } from '../contracts/banking.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: string[]) => cells.map(csvCell).join(',');

/** Minor units → "1234.50" with the currency's own number of decimals (0 for VND). */
export function majorUnits(amount: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // an unknown code keeps two decimals
  }
  return (amount / 10 ** digits).toFixed(digits);
}

export const CSV_HEADER = [
  'date',
  'type',
  'source',
  'reference',
  'counterparty',
  'description',
  'amount',
  'currency',
];

export function transactionsCsv(items: readonly Transaction[]): string {
  const lines = [
    csvRow(CSV_HEADER),
    ...items.map((t) =>
      csvRow([
        t.at.slice(0, 10),
        t.kind,
        t.source,
        t.reference,
        t.counterparty,
        t.moreLines > 0 ? `${t.description} (+${t.moreLines})` : t.description,
        majorUnits(t.amount, t.currency),
        t.currency,
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
