// The features whose mirror the home counts when the server cannot answer: one line per
// feature (its `local/overview-count.ts`). Loaded lazily by the overview (see
// provideCountSources in the dashboard layout), never in a first-load chunk.
import { calendarCountSource } from '@/features/calendar/local/overview-count';
import { chatCountSource } from '@/features/chat/local/overview-count';
import { kanbanCountSource } from '@/features/kanban/local/overview-count';
import { mailCountSource } from '@/features/mail/local/overview-count';

export const overviewCountSources = [mailCountSource, calendarCountSource, kanbanCountSource, chatCountSource];
