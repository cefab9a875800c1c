// Transactions as CSV, written by the one CSV writer (server/lib/csv.ts: every cell quoted,
// formulas defused, a byte-order mark). Amounts are written unsigned in the currency's major unit
// with a `type` column (income, expense), so no amount starts with a minus sign.
import type { Transaction } from '../contracts/banking.ts';
import { csvDocument } from '../lib/csv.ts';

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
  return csvDocument(
    CSV_HEADER,
    items.map((t) => [
      t.at.slice(0, 10),
      t.kind,
      t.source,
      t.reference,
      t.counterparty,
      t.moreLines > 0 ? `${t.description} (+${t.moreLines})` : t.description,
      majorUnits(t.amount, t.currency),
      t.currency,
    ]),
  );
}
