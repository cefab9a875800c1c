// The first screen's reads of the Dexie mirror for the page at a URL (first-screen-loader.ts).
import { paths } from '@/config/paths';
import { startFirstEventReads } from '@/features/calendar/local/event-store';
import { startFirstBoardRead } from '@/features/kanban/local/board-store';
import { startFirstMailReads } from '@/features/mail/local/mail-store';
import { db } from '@/lib/db';
import { firstReadsSettled } from '@/lib/first-read';
import { lastSyncAt, syncNow } from '@/lib/sync/engine';

import './sync-registry';

/** Settles when the reads have (or failed); on a device never synced, after a first sync. */
export async function readFirstScreen({ pathname, searchParams }: URL): Promise<void> {
  if ((await lastSyncAt().catch(() => null)) === null) await syncNow().catch(() => undefined);
  const path = pathname.replace(/\/+$/, '');
  // the database opens now, whatever the page reads first
  void db.open().catch(() => undefined);
  if (path === paths.dashboard.kanban.path) startFirstBoardRead(searchParams);
  else if (path === paths.dashboard.calendar.path) {
    // the page's first view (calendar.tsx): the agenda on a phone, else the month
    const phone = window.matchMedia('(max-width: 48em)').matches;
    startFirstEventReads(phone ? 'agenda' : 'month');
  } else if (path === paths.dashboard.mail.root.path || path === paths.dashboard.mail.all.path) {
    const label = searchParams.get('label') ?? (path === paths.dashboard.mail.all.path ? 'all' : 'inbox');
    startFirstMailReads(label, searchParams.get('q') ?? '');
  }
  await firstReadsSettled();
}
