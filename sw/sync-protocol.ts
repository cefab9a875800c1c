// The sync queue's wire protocol as the service worker needs it: which API call each queued
// change is, how an answer is classified, and the retry backoff (ARCHITECTURE §5).
//
// Why a copy: STYLE.md keeps `sw/` free of `src/` and `server/` imports (ESLint zones), and a
// new top-level shared folder is not allowed. The page's sync library (`src/lib/sync/`) stays
// the source of truth; moving these pieces here and importing them from `src/` would make the
// page's library depend on the worker's folder, inverting the layering for a few lines. So the
// worker keeps this small copy, and `src/lib/sync/sw-protocol.test.ts` fails the build the day
// the two disagree (same table, same classification of every status, same backoff).
// Keep this file free of DOM and worker globals: that test compiles it with the DOM library.

export const BACKGROUND_SYNC_TAG = 'clipdeck-outbox';
export const SYNC_DONE_MESSAGE = 'clipdeck-sync-done';
export const SYNC_LOCK = 'clipdeck-sync';

export const CHANGE_PATHS: Readonly<Record<string, string>> = {
  'event.create': '/api/calendar/events/new',
  'event.update': '/api/calendar/events/update',
  'event.delete': '/api/calendar/events/delete',
  'column.create': '/api/kanban/columns/new',
  'column.update': '/api/kanban/columns/update',
  'column.move': '/api/kanban/columns/move',
  'column.clear': '/api/kanban/columns/clear',
  'column.delete': '/api/kanban/columns/delete',
  'card.create': '/api/kanban/cards/new',
  'card.update': '/api/kanban/cards/update',
  'card.move': '/api/kanban/cards/move',
  'card.delete': '/api/kanban/cards/delete',
};
export const SKIP_PATH = '/api/sync/skip';

export type Outcome = 'delivered' | 'retry' | 'pause' | 'reject';

/** `status` is the HTTP status, or null when no answer arrived (offline, timeout). */
export function classify(status: number | null): Outcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 401) return 'pause';
  if (status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'reject';
  return 'retry';
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 10_000;

/** Exponential, capped, "equal jitter"; a Retry-After (seconds) is a floor. */
export function backoffDelay(attempt: number, random: () => number, retryAfterS?: number) {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const delay = ceiling / 2 + random() * (ceiling / 2);
  return Math.max(Math.round(delay), (retryAfterS ?? 0) * 1000);
}
