// The moment /coming-soon counts down to: LAUNCH_AT, or else the first day of the next month
// at 09:00 UTC (so a fresh install always has a launch ahead of it to show).
export function launchDate(configured: string | undefined, now = new Date()): Date {
  if (configured) return new Date(configured);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9, 0, 0));
}
