// The features listening to the live stream, composed: one line per feature (its
// `local/live.ts`), as in the sync registry (./sync-registry.ts). Loaded with the stream, when
// the browser is idle after the first screen (see the dashboard layout), never in a first load.
import { calendarLive } from '@/features/calendar/local/live';
import { chatLive } from '@/features/chat/local/live';
import { kanbanLive } from '@/features/kanban/local/live';
import { mailLive } from '@/features/mail/local/live';
import { createLiveRegistry } from '@/lib/live/registry';

export const liveRegistry = createLiveRegistry([kanbanLive, calendarLive, chatLive, mailLive]);
