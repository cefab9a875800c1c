import { defineCountSource } from '@/lib/overview/count-sources';

import { eventsTable } from './tables';

/** The home's calendar figure from the mirror: the events not yet over. */
export const calendarCountSource = defineCountSource({
  name: 'calendar',
  count: async (now) => ({
    upcomingEvents: await eventsTable().filter((e) => e.end >= now.toISOString()).count(),
  }),
});
