// The calendars on the calendar page: mine and the ones shared with me, each with my colour for
// it (a menu of swatches), a show/hide checkbox, my role ("view only" for a viewer), and for my
// own calendar the sharing dialog (loaded when opened). Wraps on a phone.
import {
  Badge,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Menu,
  Paper,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isStorageFull } from '@/components/sync/save-change';
import { idlePart } from '@/lib/idle-part';
import { notify } from '@/lib/notify';

import { setCalendarSettings } from '../local/calendar-list-store';
import type { CalendarRow } from '../local/tables';
import { calendarLabel } from './calendar-label';

const membersDialog = idlePart(() =>
  import('@/components/sharing/members-dialog').then((m) => m.MembersDialog),
);

/** The swatches offered: Mantine's shade 7, readable with white text in both schemes. */
export const CALENDAR_SWATCHES = [
  '#1971c2',
  '#2f9e44',
  '#e03131',
  '#e8590c',
  '#7048e8',
  '#0c8599',
  '#c2255c',
  '#495057',
];

export function CalendarList({ calendars }: { calendars: CalendarRow[] }) {
  const { t } = useTranslation();
  const [sharing, setSharing] = useState<CalendarRow | null>(null);
  const save = (calendar: CalendarRow, patch: { color?: string; shown?: boolean }) =>
    void setCalendarSettings(calendar.id, patch).catch((error: unknown) =>
      notify.error(
        t(isStorageFull(error) ? 'calendar.errors.storageFull' : 'calendar.calendars.saveFailed'),
      ),
    );
  if (!calendars.length) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby="calendar-list-title"
      data-testid="calendar-list"
    >
      <Text id="calendar-list-title" size="sm" fw={600} mb={6} component="h2" m={0}>
        {t('calendar.calendars.title')}
      </Text>
      <Group gap="md" wrap="wrap" component="ul" p={0} m={0} mt={6} style={{ listStyle: 'none' }}>
        {calendars.map((calendar) => {
          const label = calendarLabel(calendar, t);
          return (
            <Group
              key={calendar.id}
              gap={8}
              wrap="nowrap"
              component="li"
              data-testid="calendar-item"
              data-calendar-id={calendar.id}
            >
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    aria-label={t('calendar.calendars.color', { name: label })}
                    data-testid="calendar-color"
                    style={{ display: 'inline-flex' }}
                  >
                    <ColorSwatch color={calendar.color} size={20} />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Group gap={6} p={4} maw={180}>
                    {CALENDAR_SWATCHES.map((color) => (
                      <Menu.Item
                        key={color}
                        p={2}
                        w="auto"
                        onClick={() => save(calendar, { color })}
                        aria-label={t('calendar.calendars.useColor', { color })}
                      >
                        <ColorSwatch color={color} size={22} />
                      </Menu.Item>
                    ))}
                  </Group>
                </Menu.Dropdown>
              </Menu>
              <Checkbox
                checked={calendar.shown}
                onChange={(event) => save(calendar, { shown: event.currentTarget.checked })}
                label={label}
                aria-label={t('calendar.calendars.show', { name: label })}
                data-testid="calendar-shown"
              />
              {calendar.role === 'viewer' ? (
                <Badge size="xs" variant="light" color="gray">
                  {t('calendar.calendars.viewOnly')}
                </Badge>
              ) : calendar.role === 'editor' ? (
                <Badge size="xs" variant="light">
                  {t('sharing.roles.editor')}
                </Badge>
              ) : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconUsers size={14} />}
                  onClick={() => setSharing(calendar)}
                  data-testid="share-calendar"
                >
                  {t('calendar.calendars.share')}
                </Button>
              )}
            </Group>
          );
        })}
      </Group>
      <membersDialog.Part
        wanted={sharing !== null}
        opened={sharing !== null}
        onClose={() => setSharing(null)}
        target={{ kind: 'calendar', id: sharing?.id ?? '' }}
        name={sharing?.name ?? ''}
      />
    </Paper>
  );
}
