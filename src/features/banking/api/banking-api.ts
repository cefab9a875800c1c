// Banking REST calls (server/routes/banking.ts) and their TanStack Query options. The CSV comes
// through the same client (it carries the session) and is handed to the browser as a download.
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type {
  BankingSummary,
  TransactionPage,
  TransactionQuery,
} from '../../../../server/contracts/banking';

export const bankingKeys = {
  all: ['banking'] as const,
  summary: ['banking', 'summary'] as const,
  transactions: (query: TransactionQuery) => ['banking', 'transactions', query] as const,
};

/** The query as search params, without empty values. */
export function transactionParams(query: TransactionQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

export const summaryQuery = () =>
  queryOptions({
    queryKey: bankingKeys.summary,
    queryFn: () => api.get('/api/banking/summary').json<BankingSummary>(),
  });

export const transactionsQuery = (query: TransactionQuery) =>
  queryOptions({
    queryKey: bankingKeys.transactions(query),
    queryFn: () =>
      api
        .get('/api/banking/transactions', { searchParams: transactionParams(query) })
        .json<TransactionPage>(),
  });

export async function downloadTransactionsCsv(query: TransactionQuery) {
  const { page: _page, pageSize: _size, ...filters } = query;
  const response = await api.get('/api/banking/transactions.csv', {
    searchParams: transactionParams(filters),
  });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'transactions.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
