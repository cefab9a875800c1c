// The invoice list: the caller's issued invoices (or the ones sent to them, `sentToUser`),
// filtered by search, date range and status tab, sorted and paged in SQL; plus each tab's count
// and sums per currency under the same search and dates, so the tabs always match the rows. `overdue`
// is computed against today's UTC date passed in, the same rule as `effectiveStatus`.
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';

import {
  effectiveStatus,
  INVOICE_TABS,
  invoiceNumberLabel,
  isoDay,
  type InvoiceListQuery,
  type InvoiceListResponse,
  type InvoiceSummary,
  type InvoiceTab,
} from '../contracts/invoice.ts';
import type { Executor } from '../db/client.ts';
import { invoices, users } from '../db/schema/index.ts';
import { escapeLike } from '../lib/escape.ts';
import { fullName, taxRateOf } from './store.ts';
import { sentToUser } from './visibility.ts';

function tabCondition(tab: InvoiceTab, today: string): SQL | undefined {
  const overdue = sql`${invoices.dueDate} < ${today}::date`;
  switch (tab) {
    case 'all':
      return undefined;
    case 'pending':
      return and(eq(invoices.status, 'pending'), sql`not (${overdue})`);
    case 'overdue':
      return and(eq(invoices.status, 'pending'), overdue);
    default:
      return eq(invoices.status, tab);
  }
}

export async function listInvoices(
  db: Executor,
  viewerId: string,
  query: InvoiceListQuery,
  today: string = isoDay(new Date()),
): Promise<InvoiceListResponse> {
  const base: (SQL | undefined)[] =
    query.scope === 'issued'
      ? [eq(invoices.issuerId, viewerId)]
      : [sentToUser(viewerId)];
  if (query.from) base.push(gte(invoices.issueDate, query.from));
  if (query.to) base.push(lte(invoices.issueDate, query.to));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const number = /^(?:inv-?)?0*(\d{1,9})$/i.exec(query.q);
    const counterpart =
      query.scope === 'issued'
        ? ilike(invoices.recipientName, pattern)
        : sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`;
    base.push(or(counterpart, number ? eq(invoices.number, Number(number[1])) : undefined));
  }

  const effective = sql<string>`case when ${invoices.status} = 'pending' and ${invoices.dueDate} < ${today}::date then 'overdue' else ${invoices.status} end`;
  const figures = await db
    .select({
      status: effective,
      currency: invoices.currency,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${invoices.total}), 0)::bigint`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.issuerId))
    .where(and(...base))
    // by position: the status expression carries a parameter, and two copies of it differ
    .groupBy(sql.raw('1'), sql.raw('2'));
  const tabs = Object.fromEntries(
    INVOICE_TABS.map((tab) => [tab, { count: 0, sums: {} }]),
  ) as InvoiceListResponse['tabs'];
  for (const f of figures) {
    for (const tab of ['all', f.status] as InvoiceTab[]) {
      const figure = tabs[tab];
      figure.count += Number(f.count);
      figure.sums[f.currency] = (figure.sums[f.currency] ?? 0) + Number(f.sum);
    }
  }

  const counterpartName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;
  const sortColumn = {
    issueDate: invoices.issueDate,
    dueDate: invoices.dueDate,
    number: invoices.number,
    total: invoices.total,
    recipient: query.scope === 'issued' ? invoices.recipientName : counterpartName,
  }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const where = and(...base, tabCondition(query.status, today));
  const rows = await db
    .select({
      invoice: {
        id: invoices.id,
        issuerId: invoices.issuerId,
        number: invoices.number,
        status: invoices.status,
        recipientUserId: invoices.recipientUserId,
        recipientName: invoices.recipientName,
        recipientEmail: invoices.recipientEmail,
        recipientAddress: invoices.recipientAddress,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        currency: invoices.currency,
        itemCount: invoices.itemCount,
        discount: invoices.discount,
        shipping: invoices.shipping,
        taxRateHundredths: invoices.taxRateHundredths,
        subtotal: invoices.subtotal,
        tax: invoices.tax,
        total: invoices.total,
        sentAt: invoices.sentAt,
        paidAt: invoices.paidAt,
        cancelledAt: invoices.cancelledAt,
        createdAt: invoices.createdAt,
        updatedAt: invoices.updatedAt,
      },
      issuerFirst: users.firstName,
      issuerLast: users.lastName,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.issuerId))
    .where(where)
    .orderBy(direction(sortColumn), direction(invoices.number), asc(invoices.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const total = tabs[query.status].count;
  const items: InvoiceSummary[] = rows.map(({ invoice: r, issuerFirst, issuerLast }) => {
    const isIssuer = r.issuerId === viewerId;
    return {
      id: r.id,
      number: r.number,
      numberLabel: invoiceNumberLabel(r.number),
      status: effectiveStatus(r.status, r.dueDate, today),
      storedStatus: r.status,
      role: isIssuer ? 'issuer' : 'recipient',
      issuerName: fullName({ firstName: issuerFirst, lastName: issuerLast }),
      recipient: {
        userId: r.recipientUserId,
        name: r.recipientName,
        email: r.recipientUserId === null && isIssuer ? r.recipientEmail : null,
        address: r.recipientAddress,
      },
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      currency: r.currency,
      itemCount: r.itemCount,
      discount: r.discount,
      shipping: r.shipping,
      taxRate: taxRateOf(r),
      subtotal: r.subtotal,
      tax: r.tax,
      total: r.total,
      sentAt: r.sentAt?.toISOString() ?? null,
      paidAt: r.paidAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize, tabs };
}
