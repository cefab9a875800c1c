import type { CalendarRef, DatesSetInfo } from '@fullcalendar/react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconCloudOff } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { isStorageFull } from '@/components/sync/save-change';
import { useSyncStatus } from '@/components/sync/use-sync-status';
import { currentLanguage } from '@/lib/i18n';
import { idlePart, usePreloadAfterPaint } from '@/lib/idle-part';
import { notify } from '@/lib/notify';
import { startSyncEngine } from '@/lib/sync/engine';
import { useOnline } from '@/lib/use-online';
import { whenIdle } from '@/lib/when-idle';

import { canWrite } from '../../../../server/contracts/live';
import { calendarLabel, type CalendarChoice } from '../components/calendar-label';
import { CalendarList } from '../components/calendar-list';
import { CalendarToolbar } from '../components/calendar-toolbar';
import {
  CALENDAR_VIEWS,
  CalendarView,
  coveringRange,
  firstRange,
  type CalendarViewName,
  type EventMove,
} from '../components/calendar-view';
import type { EventModalState } from '../components/event-modal';
import { useCalendars } from '../local/calendar-list-store';
import { defaultValues, valuesFromEvent, valuesFromRange } from '../local/event-form-values';
import { updateEvent, useEventCount, useEventsBetween } from '../local/event-store';

// the event form (date pickers, the contract's checks) loads once the month has painted
const eventModal = idlePart(() => import('../components/event-modal').then((m) => m.EventModal));
const invitationsButton = idlePart(() =>
  import('@/components/sharing/invitations-button').then((m) => m.InvitationsButton),
);

export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const phone =
    useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const calendarRef = useRef<CalendarRef>(null);
  const [initialView] = useState<CalendarViewName>(phone ? 'agenda' : 'month');
  // only the events around the dates on screen are read (and handed to FullCalendar)
  const [range, setRange] = useState(() => firstRange(initialView));
  const stored = useEventsBetween(range.start, range.end);
  const calendarRows = useCalendars();
  // each calendar as it is drawn: mine in each event's own colour, a shared one in the colour
  // I chose for it; a hidden calendar's events are left out
  const calendars = useMemo(
    () =>
      Object.fromEntries(
        (calendarRows ?? []).map((c) => [
          c.id,
          {
            color: c.role === 'owner' ? null : c.color,
            writable: canWrite(c.role),
            shown: c.shown,
          },
        ]),
      ),
    [calendarRows],
  );
  const eventCount = useEventCount();
  // the calendar shows once every read above it has answered too (the list of calendars, the
  // count behind "no events yet"): none of them appears later and pushes it down
  const ready = calendarRows !== undefined && eventCount !== undefined;
  const events = useMemo(
    () =>
      ready
        ? stored?.filter((e) => !e.calendarId || calendars[e.calendarId]?.shown !== false)
        : undefined,
    [ready, stored, calendars],
  );
  const [view, setView] = useState<CalendarViewName>(initialView);
  const [title, setTitle] = useState('');
  const [modal, setModal] = useState<EventModalState>(null);
  // offline: the browser says so, or the server did not answer the last sync
  const browserOnline = useOnline();
  const online = useSyncStatus().online && browserOnline;

  // replaying and pulling start once the page has painted and the browser is idle
  useEffect(() => whenIdle(() => startSyncEngine({ first: ['calendar'] })), []);

  // `?date=YYYY-MM-DD` (a search hit's link) opens the calendar on that day
  const [searchParams] = useSearchParams();
  const focusDate = searchParams.get('date');
  const calendarShown = events !== undefined;
  useEffect(() => {
    if (calendarShown && focusDate && /^\d{4}-\d{2}-\d{2}$/.test(focusDate))
      calendarRef.current?.getApi().gotoDate(focusDate);
  }, [calendarShown, focusDate]);

  const api = () => calendarRef.current?.getApi();
  const changeView = (next: CalendarViewName) => {
    setView(next);
    api()?.changeView(CALENDAR_VIEWS[next]);
  };

  // a new event goes into my own calendar or one I edit; at first the one I am looking at if I
  // show only one I may write, else my own
  const writableCalendars = useMemo<CalendarChoice[]>(
    () =>
      (calendarRows ?? [])
        .filter((c) => canWrite(c.role))
        .map((c) => ({ id: c.id, label: calendarLabel(c, t), color: c.color })),
    [calendarRows, t],
  );
  const openCreate = useCallback(
    (start?: Date, end?: Date, allDay = false) => {
      const values = start && end ? valuesFromRange(start, end, allDay) : defaultValues();
      const shown = calendarRows?.filter((c) => c.shown) ?? [];
      const only = shown.length === 1 && canWrite(shown[0]?.role) ? shown[0] : undefined;
      const calendarId = (only ?? calendarRows?.find((c) => c.role === 'owner'))?.id;
      setModal({ mode: 'create', values, calendarId, key: Date.now() });
    },
    [calendarRows],
  );

  // an event of a calendar I may only view opens as details, without a form
  const openEvent = useCallback(
    (id: string) => {
      const event = events?.find((e) => e.id === id);
      if (!event) return;
      const readOnly = calendarRows?.find((c) => c.id === event.calendarId && !canWrite(c.role));
      if (readOnly) setModal({ mode: 'view', event, calendar: readOnly, key: Date.now() });
      else setModal({ mode: 'edit', event, values: valuesFromEvent(event), key: Date.now() });
    },
    [events, calendarRows],
  );
  // selecting dates creates an event only where one may be written: not when every calendar
  // shown is read-only (before the first pull, my own calendar is the server's default)
  const selectable = !calendarRows?.length || calendarRows.some((c) => c.shown && canWrite(c.role));

  const move = useCallback(
    async ({ id, start, end, allDay, revert }: EventMove) => {
      const before = events?.find((e) => e.id === id);
      if (!before) return revert();
      try {
        await updateEvent(before, { start: start.toISOString(), end: end.toISOString(), allDay });
      } catch (error) {
        revert();
        notify.error(
          t(isStorageFull(error) ? 'calendar.errors.storageFull' : 'calendar.errors.saveFailed'),
        );
      }
    },
    [events, t],
  );

  // the calendar's props stay the same objects across the page's renders (CalendarView is memo)
  const datesSet = useCallback((info: DatesSetInfo) => {
    setRange((current) => coveringRange(current, info.start, info.end));
    setTitle(info.view.title);
  }, []);
  const moveEvent = useCallback((m: EventMove) => void move(m), [move]);
  const closeModal = useCallback(() => setModal(null), []);
  const noEvents = useMemo(
    () => (
      <Stack align="center" gap="xs" py="xl" data-testid="calendar-no-events">
        <Text c="dimmed">{t('calendar.noEvents')}</Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCalendarPlus size={16} />}
          onClick={() => openCreate()}
        >
          {t('calendar.newEvent')}
        </Button>
      </Stack>
    ),
    [t, openCreate],
  );
  usePreloadAfterPaint(events !== undefined, eventModal, invitationsButton);

  const language = currentLanguage();
  return (
    <Stack gap="md" data-testid="calendar-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {t('calendar.title')}
        </Title>
        <Group gap="xs">
          <invitationsButton.Part wanted={false} />
          <Button
            leftSection={<IconCalendarPlus size={18} />}
            onClick={() => openCreate()}
            data-testid="new-event"
          >
            {t('calendar.newEvent')}
          </Button>
        </Group>
      </Group>
      {calendarRows ? <CalendarList calendars={calendarRows} /> : null}
      {online ? null : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconCloudOff size={18} />}
          role="status"
          data-testid="calendar-offline"
        >
          {t('calendar.offline')}
        </Alert>
      )}
      {eventCount === 0 ? (
        <Text c="dimmed" size="sm" data-testid="calendar-empty">
          {t('calendar.empty')}
        </Text>
      ) : null}
      {events === undefined ? (
        // in place of the calendar's frame, not inside it: the frame that replaces it is a new
        // element, not one that moves
        <Stack
          gap="sm"
          data-testid="calendar-loading"
          aria-busy="true"
          aria-label={t('calendar.loading')}
        >
          <Skeleton height={36} width="60%" />
          <Skeleton height={phone ? 360 : 620} />
        </Stack>
      ) : (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'xs', sm: 'md' }}
          className="clipdeck-calendar"
          data-view={view}
        >
          <Stack gap="sm">
            <CalendarToolbar
              title={title}
              compact={phone}
              view={view}
              onView={changeView}
              onPrev={() => api()?.prev()}
              onNext={() => api()?.next()}
              onToday={() => api()?.today()}
            />
            <CalendarView
              key={i18n.language}
              calendarRef={calendarRef}
              events={events}
              initialView={view}
              language={language}
              height={phone || view === 'agenda' ? 'auto' : 720}
              noEvents={noEvents}
              onDatesSet={datesSet}
              onSelectRange={openCreate}
              selectable={selectable}
              onEventOpen={openEvent}
              onEventMove={moveEvent}
              calendars={calendars}
            />
          </Stack>
        </Paper>
      )}
      <eventModal.Part
        wanted={modal !== null}
        state={modal}
        calendars={writableCalendars}
        onClose={closeModal}
      />
    </Stack>
  );
}
