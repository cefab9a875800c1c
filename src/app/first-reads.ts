// The first screen's reads of the Dexie mirror, started as the app boots on the mirrored
// pages (main.tsx), in parallel with their code: the sync registry is installed here (the
// database opens only once it is, src/lib/db.ts), the database opens at once, and the page's
// first-screen query runs (src/lib/first-read.ts: the page's live query takes its answer as
// its first value). Only with a session: the mirror is the signed-in user's.
import '@/app/sync-registry';

import { paths } from '@/config/paths';
import { startFirstEventReads } from '@/features/calendar/local/event-store';
import { startFirstBoardRead } from '@/features/kanban/local/board-store';
import { startFirstMailReads } from '@/features/mail/local/mail-store';
import { getAccessToken, isTokenValid } from '@/lib/auth/token-storage';
import { db } from '@/lib/db';

export function startFirstReads({ pathname, search }: { pathname: string; search: string }) {
  if (!isTokenValid(getAccessToken())) return;
  const path = pathname.replace(/\/+$/, '');
  // the database opens now, whatever the page reads first
  void db.open().catch(() => undefined);
  const params = new URLSearchParams(search);
  if (path === paths.dashboard.kanban.path) startFirstBoardRead();
  else if (path === paths.dashboard.calendar.path) {
    // the page's first view (calendar.tsx): the agenda on a phone, else the month
    const phone = window.matchMedia('(max-width: 48em)').matches;
    startFirstEventReads(phone ? 'agenda' : 'month');
  } else if (path === paths.dashboard.mail.root.path || path === paths.dashboard.mail.all.path) {
    const label = params.get('label') ?? (path === paths.dashboard.mail.all.path ? 'all' : 'inbox');
    startFirstMailReads(label, params.get('q') ?? '');
  }
}
