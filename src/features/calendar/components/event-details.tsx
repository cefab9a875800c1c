// An event of a calendar the user may only view: what it is, when, in which calendar and whose,
// as text — no field to edit and no button that would write.
import { Badge, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { currentLanguage, LANGUAGE_META } from '@/lib/i18n';

import { isHexColor } from '../../../../server/contracts/calendar';
import type { CalendarRow, EventRow } from '../local/tables';
import { calendarLabel } from './calendar-label';
import { eventColorHex } from './event-colors';

const DAY_MS = 86_400_000;

/** The event's dates (an all-day event's end is exclusive: its last day is the one before). */
export function eventWhen(event: Pick<EventRow, 'start' | 'end' | 'allDay'>): string {
  const locale = LANGUAGE_META[currentLanguage()].intl;
  const start = new Date(event.start);
  const end = new Date(event.end);
  if (event.allDay) {
    const last = new Date(Math.max(start.getTime(), end.getTime() - DAY_MS));
    return new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).formatRange(start, last);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).formatRange(
    start,
    end,
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </div>
  );
}

/** What someone typed, in whichever script: laid out by its own direction (a Latin sentence
 *  keeps its full stop at its end in the Arabic page, and the other way round). */
export function UserText({ children }: { children: ReactNode }) {
  return (
    <span dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
      {children}
    </span>
  );
}

/** A colour as a small swatch before its name. */
function Swatch({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Group component="span" gap={6} wrap="nowrap">
      <ColorSwatch component="span" color={color} size={14} />
      {children}
    </Group>
  );
}

export function EventDetails({ event, calendar }: { event: EventRow; calendar: CalendarRow }) {
  const { t } = useTranslation();
  const colour = isHexColor(event.color) ? event.color : t(`calendar.colors.${event.color}`);
  const when = eventWhen(event);
  return (
    <Stack gap="md" data-testid="event-details">
      <Group gap="xs">
        <Badge variant="light" color="gray" leftSection={<IconEye size={14} aria-hidden />}>
          {t('calendar.calendars.viewOnly')}
        </Badge>
      </Group>
      <Stack component="dl" gap="sm" m={0}>
        <Detail label={t('calendar.details.when')}>
          {event.allDay ? t('calendar.details.allDayOn', { dates: when }) : when}
        </Detail>
        <Detail label={t('calendar.form.description')}>
          {event.description ? (
            <UserText>{event.description}</UserText>
          ) : (
            <Text span c="dimmed" size="sm">
              {t('calendar.details.noDescription')}
            </Text>
          )}
        </Detail>
        <Detail label={t('calendar.details.eventColor')}>
          <Swatch color={eventColorHex(event.color)}>{colour}</Swatch>
        </Detail>
        <Detail label={t('calendar.details.calendar')}>
          <Swatch color={calendar.color}>
            <UserText>{calendarLabel(calendar, t)}</UserText>
          </Swatch>
        </Detail>
        <Detail label={t('calendar.details.owner')}>
          <UserText>{calendar.owner.name}</UserText>
        </Detail>
      </Stack>
      <Text size="sm" c="dimmed">
        {t('calendar.details.readOnly', { owner: calendar.owner.name })}
      </Text>
    </Stack>
  );
}
