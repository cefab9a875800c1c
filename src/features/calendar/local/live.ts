// The calendars on the live stream (docs/live.md): a notice about a calendar whose cursor moved
// past the device's copy pulls the calendars; a new calendar or role pulls them; a calendar
// taken away is dropped at once with its events and queued changes.
import { defineFeatureLive } from '@/lib/live/registry';
import { pullFeatures } from '@/lib/sync/engine';
import { everPulled } from '@/lib/sync/pull';

import type { LiveNotice, LiveRevoked } from '../../../../server/contracts/live';
import { dropCalendarNow } from './sync';
import { calendarsTable } from './tables';

const pullCalendars = () => pullFeatures(['calendar']);

export const calendarLive = defineFeatureLive({
  name: 'calendar',
  handlers: {
    notice: async (data) => {
      const { scope, cursor } = data as LiveNotice;
      const held = await calendarsTable().get(scope);
      if (!held && !(await everPulled('calendar'))) return;
      if (!held || held.cursor < cursor) await pullCalendars();
    },
    access: pullCalendars,
    revoked: async (data) => dropCalendarNow((data as LiveRevoked).scope),
  },
});
