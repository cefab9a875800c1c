// Invoice REST calls (server/routes/invoices.ts) and their TanStack Query options. Money
// travels as integer minor units; the form converts at its edge (components/form-values.ts).
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type {
  Invoice,
  InvoiceInput,
  InvoiceLanguage,
  InvoiceListQuery,
  InvoiceListResponse,
} from '../../../../server/contracts/invoice';

export interface DirectoryPerson {
  id: string;
  name: string;
  avatarUrl: string | null;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

export const invoicesQuery = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) =>
      api
        .get('/api/invoices', {
          signal,
          searchParams: Object.fromEntries(
            Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
          ) as Record<string, string | number>,
        })
        .json<InvoiceListResponse>(),
  });

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get(`/api/invoices/${encodeURIComponent(id)}`, { signal }).json<{ invoice: Invoice }>(),
    select: (data) => data.invoice,
  });

type One = { invoice: Invoice };

export const createInvoice = (input: InvoiceInput) =>
  api.post('/api/invoices', { json: input }).json<One>();
export const updateInvoice = (id: string, input: InvoiceInput) =>
  api.put(`/api/invoices/${encodeURIComponent(id)}`, { json: input }).json<One>();
export const deleteInvoice = (id: string) =>
  api.delete(`/api/invoices/${encodeURIComponent(id)}`).json<{ deleted: string }>();
export const markInvoicePaid = (id: string) =>
  api.post(`/api/invoices/${encodeURIComponent(id)}/mark-paid`).json<One>();
export const cancelInvoice = (id: string) =>
  api.post(`/api/invoices/${encodeURIComponent(id)}/cancel`).json<One>();
export const duplicateInvoice = (id: string) =>
  api.post(`/api/invoices/${encodeURIComponent(id)}/duplicate`).json<One>();
export const sendInvoice = (id: string, body: { language: InvoiceLanguage; message: string }) =>
  api
    .post(`/api/invoices/${encodeURIComponent(id)}/send`, { json: body })
    .json<One & { delivered: 'mailbox' | 'email' }>();

export const bulkMarkPaid = (ids: string[]) =>
  api.post('/api/invoices/bulk/mark-paid', { json: { ids } }).json<{ updated: string[]; skipped: string[] }>();
export const bulkDelete = (ids: string[]) =>
  api.post('/api/invoices/bulk/delete', { json: { ids } }).json<{ deleted: string[]; skipped: string[] }>();

/** Saves the invoice's PDF in the given language under its server-given file name. */
export async function downloadInvoicePdf(id: string, language: InvoiceLanguage, fileName: string) {
  const blob = await api
    .get(`/api/invoices/${encodeURIComponent(id)}/pdf`, { searchParams: { lang: language } })
    .blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** People to bill, from the chat directory (names only: emails stay where chat shows them). */
export async function searchPeople(search: string): Promise<DirectoryPerson[]> {
  const { contacts } = await api
    .get('/api/chat/contacts', { searchParams: search ? { search } : {} })
    .json<{ contacts: { id: string; name: string; avatarUrl?: string | null }[] }>();
  return contacts.map((c) => ({ id: c.id, name: c.name, avatarUrl: c.avatarUrl ?? null }));
}
