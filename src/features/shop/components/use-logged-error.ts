import { useEffect } from 'react';

import { isAbortError } from '@/lib/api-client';

/** Spec point 8: a failed product fetch is logged (the page shows the error text). */
export function useLoggedError(error: unknown, what: string) {
  useEffect(() => {
    if (error && !isAbortError(error)) console.error(`${what} failed`, error);
  }, [error, what]);
}
