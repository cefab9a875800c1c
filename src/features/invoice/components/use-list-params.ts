// The list's state lives in the URL (tab, search, dates, sort, page, page size, scope), so a
// reload, a shared link or the back button shows the same rows. Unknown values fall back to
// the defaults rather than failing.
import { useSearchParams } from 'react-router';

import { invoiceListQuery, type InvoiceListQuery } from '../../../../server/contracts/invoice-list';

/** The list's query from a URL's search parameters (the route's loader reads it too). */
export function parseListParams(params: URLSearchParams): InvoiceListQuery {
  const raw = Object.fromEntries(params.entries());
  const parsed = invoiceListQuery.safeParse(raw);
  return parsed.success
    ? parsed.data
    : invoiceListQuery.parse(
        Object.fromEntries(
          Object.entries(raw).filter(([key]) => invoiceListQuery.shape[key as keyof InvoiceListQuery]?.safeParse(raw[key]).success),
        ),
      );
}

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const query = parseListParams(params);
  const update = (patch: Partial<InvoiceListQuery>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const merged = { ...patch, ...(resetPage && !('page' in patch) ? { page: 1 } : {}) };
        for (const [key, value] of Object.entries(merged)) {
          const fallback = invoiceListQuery.shape[key as keyof InvoiceListQuery].parse(undefined);
          if (value === undefined || value === '' || value === fallback) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  };
  const clear = () => setParams(query.scope === 'received' ? { scope: 'received' } : {}, { replace: true });
  return { query, update, clear };
}
