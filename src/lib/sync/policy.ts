// How the queue reacts to an answer (ARCHITECTURE §5, exactly): a network error, a 5xx or a
// 429 keeps the change and retries with jittered exponential backoff; a 401 pauses the queue
// until the user signs in again; any other 4xx rejects the change (it is listed for the user
// and the server's version is restored); 2xx delivers it.

export type Outcome = 'delivered' | 'retry' | 'pause' | 'reject';

/** `status` is the HTTP status, or null when no answer arrived (offline, DNS, timeout). */
export function classify(status: number | null): Outcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 401) return 'pause';
  if (status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'reject';
  return 'retry'; // 1xx/3xx never reach fetch's caller; treat anything odd as transient
}

export const BACKOFF_BASE_MS = 1_000;
// 10 s: a server that comes back is used within 15 s even when the browser never went offline
// (no `online` event); a struggling server sets a longer wait with Retry-After, a floor here.
export const BACKOFF_CAP_MS = 10_000;

/**
 * Delay before attempt `attempt + 1` after `attempt` failures: exponential, capped, with
 * "equal jitter" (half fixed, half random) so tabs and devices coming back online together
 * do not hammer the server in step. A server's Retry-After (seconds) is a floor.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  retryAfterS?: number,
) {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const delay = ceiling / 2 + random() * (ceiling / 2);
  return Math.max(Math.round(delay), (retryAfterS ?? 0) * 1000);
}
