import { useEffect } from 'react';

import { isAbortError } from '@/lib/api-client';

/** A failed product fetch is logged (docs/product-rules.md#data-and-errors); the page shows
 *  the error text. */
export function useLoggedError(error: unknown, what: string) {
  useEffect(() => {
    if (error && !isAbortError(error)) console.error(`${what} failed`, error);
  }, [error, what]);
}
