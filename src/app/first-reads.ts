// The first screen's reads of the Dexie mirror for the page at a URL (first-screen-loader.ts).
import { paths } from '@/config/paths';
import { startFirstEventReads } from '@/features/calendar/local/event-store';
import { startFirstBoardRead } from '@/features/kanban/local/board-store';
import { startFirstMailReads } from '@/features/mail/local/mail-store';
import { db } from '@/lib/db';
import { firstReadsSettled } from '@/lib/first-read';
import { pullFeatures } from '@/lib/sync/engine';
import { everPulled } from '@/lib/sync/pull';

import './sync-registry';

/** The mirrored feature whose data a page shows first. */
function featureOf(path: string): 'kanban' | 'calendar' | 'mail' | null {
  if (path === paths.dashboard.kanban.path) return 'kanban';
  if (path === paths.dashboard.calendar.path) return 'calendar';
  if (path === paths.dashboard.mail.root.path || path === paths.dashboard.mail.all.path)
    return 'mail';
  return null;
}

/** Settles when the reads have (or failed); on a device that never pulled the page's feature,
 *  after a first pull of that feature alone (the others follow in the background). */
export async function readFirstScreen({ pathname, searchParams }: URL): Promise<void> {
  const path = pathname.replace(/\/+$/, '');
  const feature = featureOf(path);
  if (feature && !(await everPulled(feature))) await pullFeatures([feature]).catch(() => undefined);
  // the database opens now, whatever the page reads first
  void db.open().catch(() => undefined);
  if (feature === 'kanban') startFirstBoardRead(searchParams);
  else if (feature === 'calendar') {
    // the page's first view (calendar.tsx): the agenda on a phone, else the month
    const phone = window.matchMedia('(max-width: 48em)').matches;
    startFirstEventReads(phone ? 'agenda' : 'month');
  } else if (feature === 'mail') {
    const label =
      searchParams.get('label') ?? (path === paths.dashboard.mail.all.path ? 'all' : 'inbox');
    startFirstMailReads(label, searchParams.get('q') ?? '');
  }
  await firstReadsSettled();
}
