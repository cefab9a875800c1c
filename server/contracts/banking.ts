// The banking page's money, read from real records and never stored twice:
// - income: invoices the user issued that are marked paid (dated when they were paid);
// - spending: invoices sent to the user (a Clipdeck recipient) that are marked paid, and
//   the user's shop orders, except cancelled and refunded ones (dated when they were placed).
// Amounts are integers in the currency's minor unit and always positive; `kind` says which
// way the money went. Different currencies are never added together: every figure is per
// currency, and the page shows one currency at a time.
import { z } from 'zod';

export const TRANSACTION_KINDS = ['income', 'expense'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export type TransactionSource = 'invoice' | 'order';

export const TRANSACTIONS_PAGE_SIZE_MAX = 100;
export const CSV_ROWS_MAX = 20_000;

const isoTime = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' });
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'currency must be a three-letter code such as USD.')
  .optional();

/** GET /api/banking/transactions and /transactions.csv */
export const transactionQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'search is too long (100 characters at most).').default(''),
    from: isoTime.optional(),
    to: isoTime.optional(),
    kind: z.enum(TRANSACTION_KINDS, { error: 'kind must be income or expense.' }).optional(),
    currency,
    page: z.coerce
      .number({ error: 'page must be a number.' })
      .int()
      .min(1, 'page must be 1 or more.')
      .max(100_000)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number.' })
      .int()
      .min(1, 'pageSize must be 1 or more.')
      .max(TRANSACTIONS_PAGE_SIZE_MAX, `pageSize must be at most ${TRANSACTIONS_PAGE_SIZE_MAX}.`)
      .default(20),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    path: ['to'],
    message: 'to must be after from.',
  });
export type TransactionQuery = z.input<typeof transactionQuerySchema>;

export interface Transaction {
  id: string;
  kind: TransactionKind;
  source: TransactionSource;
  /** "INV-0042" or "CD-000123" */
  reference: string;
  /** who paid the user, or whom the user paid */
  counterparty: string;
  /** the first line's title or product name, and how many more lines there are */
  description: string;
  moreLines: number;
  amount: number;
  currency: string;
  at: string;
}

export interface TransactionPage {
  items: Transaction[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CurrencySummary {
  currency: string;
  income: number;
  expense: number;
  /** income − expense */
  balance: number;
  transactions: number;
  /** the last 12 calendar months (UTC), oldest first, months with nothing included */
  monthly: { month: string; income: number; expense: number }[];
}

export interface BankingSummary {
  /** the currency with the most transactions (null for a user with none) */
  mainCurrency: string | null;
  currencies: CurrencySummary[];
}
