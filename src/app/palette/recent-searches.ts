// Recent palette searches, per user, in localStorage (newest first, no duplicates, at most
// RECENT_MAX). Storage that throws (private mode, quota) just keeps nothing.
export const RECENT_MAX = 6;

const keyOf = (userId: string) => `clipdeck.palette.recent.${userId}`;

export function readRecent(userId: string | undefined): string[] {
  if (!userId) return [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((q): q is string => typeof q === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(userId: string | undefined, query: string): string[] {
  const q = query.trim();
  if (!userId || !q) return readRecent(userId);
  const next = [q, ...readRecent(userId).filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // storage full or blocked: the list is only a convenience
  }
  return next;
}

export function clearRecent(userId: string | undefined): void {
  if (!userId) return;
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // blocked storage holds nothing to clear
  }
}
