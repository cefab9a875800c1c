// Calendar, kanban, the sync queue, search, the overview, banking and invoices.
import { transactionQuerySchema } from '../contracts/banking.ts';
import {
  deleteEventSchema,
  eventRangeSchema,
  newEventSchema,
  updateEventSchema,
} from '../contracts/calendar.ts';
import {
  invoiceIdsSchema,
  invoiceInputSchema,
  invoiceListQuery,
  invoicePdfQuery,
  invoiceSendSchema,
} from '../contracts/invoice.ts';
import {
  cardIdSchema,
  columnIdSchema,
  moveCardSchema,
  moveColumnSchema,
  newCardSchema,
  newColumnSchema,
  updateCardSchema,
  updateColumnSchema,
} from '../contracts/kanban.ts';
import { searchQuerySchema } from '../contracts/search.ts';
import { batchSchema } from '../sync/batch.ts';
import { stateQuery } from '../sync/routes.ts';
import { idempotencyHeader, mutation, uuidParam, type RouteDoc } from './registry.ts';

const cal = 'Calendar';
const kan = 'Kanban';
const inv = 'Invoices';
const id = uuidParam();

const invoiceAction = (
  method: RouteDoc['method'],
  path: string,
  summary: string,
  extra: Partial<RouteDoc> = {},
): RouteDoc => ({
  method,
  path: `/api/invoices${path}`,
  tag: inv,
  summary,
  access: 'user',
  ...extra,
});

export const workRoutes: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/calendar/events',
    tag: cal,
    summary: 'My events in a date range.',
    access: 'user',
    query: eventRangeSchema,
  },
  mutation('/api/calendar/events/new', cal, 'Create an event.', newEventSchema, { status: 201 }),
  mutation('/api/calendar/events/update', cal, 'Change an event.', updateEventSchema),
  mutation('/api/calendar/events/delete', cal, 'Delete an event.', deleteEventSchema),
  {
    method: 'GET',
    path: '/api/kanban/board',
    tag: kan,
    summary: 'My board: its columns and cards.',
    access: 'user',
  },
  mutation('/api/kanban/columns/new', kan, 'Add a column.', newColumnSchema, { status: 201 }),
  mutation('/api/kanban/columns/update', kan, 'Rename a column.', updateColumnSchema),
  mutation('/api/kanban/columns/move', kan, 'Move a column.', moveColumnSchema),
  mutation('/api/kanban/columns/clear', kan, "Delete a column's cards.", columnIdSchema),
  mutation('/api/kanban/columns/delete', kan, 'Delete a column and its cards.', columnIdSchema),
  mutation('/api/kanban/cards/new', kan, 'Add a card.', newCardSchema, { status: 201 }),
  mutation('/api/kanban/cards/update', kan, 'Change a card.', updateCardSchema),
  mutation('/api/kanban/cards/move', kan, 'Move a card.', moveCardSchema),
  mutation('/api/kanban/cards/delete', kan, 'Delete a card.', cardIdSchema),
  {
    method: 'POST',
    path: '/api/sync/skip',
    tag: 'Sync',
    summary: 'Spend a sequence number on nothing (a discarded offline change).',
    access: 'user',
    headers: idempotencyHeader,
  },
  {
    method: 'GET',
    path: '/api/sync/state',
    tag: 'Sync',
    summary: "A client's last applied sequence number.",
    access: 'user',
    query: stateQuery,
  },
  {
    method: 'POST',
    path: '/api/sync/batch',
    tag: 'Sync',
    summary: 'Apply queued changes, each exactly once; one answer per change.',
    access: 'user',
    body: batchSchema,
  },
  {
    method: 'GET',
    path: '/api/search',
    tag: 'Search',
    summary: 'Search my own rows in every feature (the Ctrl+K palette), best first.',
    access: 'user',
    query: searchQuerySchema,
  },
  {
    method: 'GET',
    path: '/api/overview',
    tag: 'Overview',
    summary: "The dashboard's overview figures.",
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/banking/summary',
    tag: 'Banking',
    summary: 'Balance and monthly figures.',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/banking/transactions',
    tag: 'Banking',
    summary: 'A page of transactions, filtered.',
    access: 'user',
    query: transactionQuerySchema,
  },
  {
    method: 'GET',
    path: '/api/banking/transactions.csv',
    tag: 'Banking',
    summary: 'The filtered transactions as CSV.',
    access: 'user',
    query: transactionQuerySchema,
    produces: 'text/csv',
  },
  invoiceAction('GET', '', 'My invoices (issued and received), filtered.', {
    query: invoiceListQuery,
  }),
  invoiceAction('POST', '', 'Create an invoice.', { body: invoiceInputSchema, status: 201 }),
  invoiceAction('POST', '/bulk/mark-paid', 'Mark invoices paid.', { body: invoiceIdsSchema }),
  invoiceAction('POST', '/bulk/delete', 'Delete draft invoices.', { body: invoiceIdsSchema }),
  invoiceAction('GET', '/:id', 'One invoice I issued or received.', { params: id }),
  invoiceAction('PUT', '/:id', 'Change a draft invoice.', { params: id, body: invoiceInputSchema }),
  invoiceAction('DELETE', '/:id', 'Delete a draft invoice.', { params: id }),
  invoiceAction('POST', '/:id/mark-paid', 'Mark an invoice paid.', { params: id }),
  invoiceAction('POST', '/:id/cancel', 'Cancel an invoice.', { params: id }),
  invoiceAction('POST', '/:id/duplicate', 'Copy an invoice as a new draft.', {
    params: id,
    status: 201,
  }),
  invoiceAction('GET', '/:id/pdf', 'The invoice as PDF.', {
    params: id,
    query: invoicePdfQuery,
    produces: 'application/pdf',
  }),
  invoiceAction('POST', '/:id/send', 'Mail the invoice to its recipient.', {
    params: id,
    body: invoiceSendSchema,
  }),
];
