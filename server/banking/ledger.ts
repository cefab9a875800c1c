// The user's transactions as one SQL union over the records they come from (see
// server/contracts/banking.ts for what counts as income and spending). Nothing is copied:
// marking an invoice paid or placing an order shows up on the next read. Every branch of the
// union is scoped by the signed-in user (a bill only when it was sent to them: `sentToUser`,
// the invoices' one rule), and the search is a case-insensitive substring of the
// reference, the counterparty or the description, with LIKE's wildcards escaped.
import { sql, type SQL } from 'drizzle-orm';

import type {
  BankingSummary,
  CurrencySummary,
  Transaction,
  TransactionKind,
  TransactionSource,
} from '../contracts/banking.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { sentToUser } from '../invoices/visibility.ts';

export interface LedgerFilter {
  search?: string;
  from?: string;
  to?: string;
  kind?: TransactionKind;
  currency?: string;
}

/** 'INV-0042' / 'CD-000123' in SQL, as the invoice and shop contracts print them. */
const label = (prefix: string, column: SQL, width: number) =>
  sql`${prefix}::text || case when ${column} < ${10 ** width} then lpad(${column}::text, ${width}, '0') else ${column}::text end`;

function ledger(userId: string): SQL {
  const invoiceRef = label('INV-', sql`invoices.number`, 4);
  return sql`(
    select invoices.id::text as id, 'income' as kind, 'invoice' as source, ${invoiceRef} as reference,
           invoices.recipient_name as counterparty, coalesce(invoices.items->0->>'title', '') as description,
           greatest(jsonb_array_length(invoices.items) - 1, 0) as more_lines,
           invoices.total as amount, invoices.currency, coalesce(invoices.paid_at, invoices.updated_at) as at
      from invoices
     where invoices.issuer_id = ${userId} and invoices.status = 'paid'
    union all
    select invoices.id::text, 'expense', 'invoice', ${invoiceRef},
           trim(u.first_name || ' ' || u.last_name), coalesce(invoices.items->0->>'title', ''),
           greatest(jsonb_array_length(invoices.items) - 1, 0),
           invoices.total, invoices.currency, coalesce(invoices.paid_at, invoices.updated_at)
      from invoices join users u on u.id = invoices.issuer_id
     where ${sentToUser(userId)} and invoices.status = 'paid'
    union all
    select o.id::text, 'expense', 'order', ${label('CD-', sql`o.number`, 6)},
           'Clipdeck shop', coalesce(o.lines->0->>'name', ''),
           greatest(jsonb_array_length(o.lines) - 1, 0),
           o.total, o.currency, o.created_at
      from orders o
     where o.user_id = ${userId} and o.status not in ('cancelled', 'refunded')
  ) as t`;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function whereOf(filter: LedgerFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.search) {
    const pattern = `%${likeEscape(filter.search)}%`;
    parts.push(
      sql`(t.reference ilike ${pattern} or t.counterparty ilike ${pattern} or t.description ilike ${pattern})`,
    );
  }
  if (filter.from) parts.push(sql`t.at >= ${filter.from}::timestamptz`);
  if (filter.to) parts.push(sql`t.at < ${filter.to}::timestamptz`);
  if (filter.kind) parts.push(sql`t.kind = ${filter.kind}`);
  if (filter.currency) parts.push(sql`t.currency = ${filter.currency}`);
  return sql.join(parts, sql` and `);
}

interface Row {
  id: string;
  kind: TransactionKind;
  source: TransactionSource;
  reference: string;
  counterparty: string;
  description: string;
  more_lines: number | string;
  amount: number | string;
  currency: string;
  at: Date | string;
  total?: number | string;
}

const toTransaction = (r: Row): Transaction => ({
  id: r.id,
  kind: r.kind,
  source: r.source,
  reference: r.reference,
  counterparty: r.counterparty,
  description: r.description,
  moreLines: Number(r.more_lines),
  amount: Number(r.amount),
  currency: r.currency,
  at: new Date(r.at).toISOString(),
});

export async function transactions(
  db: Executor,
  userId: string,
  filter: LedgerFilter,
  paging: { limit: number; offset: number },
) {
  const rows = await queryRows<Row>(
    db,
    sql`
    select t.*, count(*) over () as total from ${ledger(userId)}
     where ${whereOf(filter)}
     order by t.at desc, t.id
     limit ${paging.limit} offset ${paging.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && paging.offset > 0) {
    const [counted] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${ledger(userId)} where ${whereOf(filter)}`,
    );
    total = Number(counted?.n ?? 0);
  }
  return { items: rows.map(toTransaction), total };
}

/** "YYYY-MM" of the last 12 months (UTC), oldest first. */
export function lastMonths(now: Date, count = 12): string[] {
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

export async function summary(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<BankingSummary> {
  const months = lastMonths(now);
  const since = `${months[0]}-01T00:00:00Z`;
  const totals = await queryRows<{
    currency: string;
    income: string | number;
    expense: string | number;
    n: string | number;
  }>(
    db,
    sql`
      select t.currency,
             coalesce(sum(t.amount) filter (where t.kind = 'income'), 0) as income,
             coalesce(sum(t.amount) filter (where t.kind = 'expense'), 0) as expense,
             count(*) as n
        from ${ledger(userId)}
       group by t.currency`,
  );
  const monthly = await queryRows<{
    currency: string;
    month: string;
    income: string | number;
    expense: string | number;
  }>(
    db,
    sql`
      select t.currency, to_char(t.at at time zone 'UTC', 'YYYY-MM') as month,
             coalesce(sum(t.amount) filter (where t.kind = 'income'), 0) as income,
             coalesce(sum(t.amount) filter (where t.kind = 'expense'), 0) as expense
        from ${ledger(userId)}
       where t.at >= ${since}::timestamptz
       group by 1, 2`,
  );
  const currencies: CurrencySummary[] = totals
    .map((r) => {
      const income = Number(r.income);
      const expense = Number(r.expense);
      return {
        currency: r.currency,
        income,
        expense,
        balance: income - expense,
        transactions: Number(r.n),
        monthly: months.map((month) => {
          const m = monthly.find((x) => x.currency === r.currency && x.month === month);
          return { month, income: Number(m?.income ?? 0), expense: Number(m?.expense ?? 0) };
        }),
      };
    })
    .sort((a, b) => b.transactions - a.transactions || a.currency.localeCompare(b.currency));
  return { mainCurrency: currencies[0]?.currency ?? null, currencies };
}
