// FullCalendar 7 over the Dexie mirror: the events come in as props (a live query), every
// gesture (select, drag, resize, click) is handed back to the page, which writes through the
// sync queue. The toolbar is the page's own (translated, Mantine), driven through the ref.
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar-theme.css';

import FullCalendar, {
  type CalendarRef,
  type DatesSetInfo,
  type EventApi,
  type EventInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useComputedColorScheme, useDirection } from '@mantine/core';
import { memo, useMemo, type ReactNode, type Ref } from 'react';

import { FIRST_DAY_OF_WEEK } from '@/config/env';
import type { Language } from '@/lib/i18n';

import type { ShownRange } from '../local/event-store';
import type { EventRow } from '../local/tables';
import { CALENDAR_LOCALES } from './calendar-locales';
import { eventColorHex } from './event-colors';

export const CALENDAR_VIEWS = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  agenda: 'listWeek',
} as const;
export type CalendarViewName = keyof typeof CALENDAR_VIEWS;

const DAY_MS = 86_400_000;
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];

export interface EventMove {
  id: string;
  start: Date;
  end: Date;
  allDay: boolean;
  revert: () => void;
}

// the dates read for the view (the first view's are read as the app boots): with the events
export { firstRange, type ShownRange } from '../local/event-store';

/** The range to read for the dates now shown: the current one while it holds them. */
export function coveringRange(current: ShownRange, start: Date, end: Date): ShownRange {
  if (start.getTime() >= current.start && end.getTime() <= current.end) return current;
  return { start: start.getTime() - DAY_MS, end: end.getTime() + DAY_MS };
}

interface CalendarViewProps {
  calendarRef: Ref<CalendarRef>;
  /** the events around the dates on screen (see coveringRange) */
  events: EventRow[];
  initialView: CalendarViewName;
  language: Language;
  height: number | 'auto';
  onDatesSet: (info: DatesSetInfo) => void;
  onSelectRange: (start: Date, end: Date, allDay: boolean) => void;
  /** whether selecting dates offers a new event (false: every calendar shown is read-only) */
  selectable?: boolean;
  onEventOpen: (id: string) => void;
  onEventMove: (move: EventMove) => void;
  /** the agenda's empty state: what there is to do */
  noEvents: ReactNode;
  /** how each calendar's events are drawn: a shared calendar's in its colour, a read-only
   *  one's not draggable */
  calendars?: Record<string, { color: string | null; writable: boolean }>;
}

function moveOf(event: EventApi, revert: () => void): EventMove | null {
  if (!event.start) return null;
  const end =
    event.end ?? new Date(event.start.getTime() + (event.allDay ? 86_400_000 : 3_600_000));
  return { id: event.id, start: event.start, end, allDay: event.allDay, revert };
}

/** Memoised: FullCalendar compares and lays out every event again on any render, so the page's
 *  other state (the title it shows, the sync status) must not re-render it; the page passes
 *  stable props. */
export const CalendarView = memo(function CalendarView(props: CalendarViewProps) {
  const { calendarRef, events, initialView, language, height } = props;
  const { onDatesSet, onSelectRange, onEventOpen, onEventMove } = props;
  const { dir } = useDirection();
  const scheme = useComputedColorScheme('light');

  const { calendars } = props;
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) => {
        const calendar = e.calendarId ? calendars?.[e.calendarId] : undefined;
        return {
          id: e.id,
          title: e.title,
          start: e.start,
          end: e.end,
          allDay: e.allDay,
          color: calendar?.color ?? eventColorHex(e.color),
          editable: calendar?.writable ?? true,
          extendedProps: { calendarId: e.calendarId },
        };
      }),
    [events, calendars],
  );

  return (
    <FullCalendar
      ref={calendarRef}
      plugins={PLUGINS}
      initialView={CALENDAR_VIEWS[initialView]}
      headerToolbar={false}
      locale={CALENDAR_LOCALES[language]}
      firstDay={FIRST_DAY_OF_WEEK}
      direction={dir}
      colorScheme={scheme}
      height={height}
      events={inputs}
      editable
      eventInteractive
      selectable={props.selectable ?? true}
      selectMirror
      dayMaxEvents
      nowIndicator
      forceEventDuration
      eventDisplay="block"
      longPressDelay={350}
      noEventsContent={() => props.noEvents}
      noEventsClass="clipdeck-no-events"
      eventTitleClass="clipdeck-event-title"
      datesSet={onDatesSet}
      select={(info) => {
        onSelectRange(info.start, info.end, info.allDay);
        (calendarRef as { current?: CalendarRef | null } | null)?.current?.getApi().unselect();
      }}
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        onEventOpen(info.event.id);
      }}
      eventDrop={(info) => {
        const move = moveOf(info.event, info.revert);
        if (move) onEventMove(move);
      }}
      eventResize={(info) => {
        const move = moveOf(info.event, info.revert);
        if (move) onEventMove(move);
      }}
    />
  );
});
