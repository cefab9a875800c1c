import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { FIRST_DAY_OF_WEEK } from '@/config/env';

import { RANGES_PER_DAY_MAX, type AvailabilityRange } from '../../../../server/contracts/booking';
import { intlLocale } from './zone-time';

interface WeeklyEditorProps {
  value: AvailabilityRange[];
  onChange: (next: AvailabilityRange[]) => void;
  /** errors by range index (in `value`) */
  errors: Record<number, string>;
  /** an error about the whole week */
  error?: string;
}

/** Day names in the UI language, 0 = Sunday (1 Jan 2023 was a Sunday). */
const dayName = (day: number, language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );

const DEFAULT_RANGE = { start: '09:00', end: '17:00' };

/** Each weekday with its available hours: on or off, one or more ranges, copy a day to all. */
export function WeeklyEditor({ value, onChange, errors, error }: WeeklyEditorProps) {
  const { t, i18n } = useTranslation();
  const days = Array.from({ length: 7 }, (_, i) => (FIRST_DAY_OF_WEEK + i) % 7);
  const indexed = value.map((range, index) => ({ range, index }));
  const update = (index: number, patch: Partial<AvailabilityRange>) =>
    onChange(value.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const add = (day: number, after?: AvailabilityRange) => {
    const start = after ? after.end : DEFAULT_RANGE.start;
    const startMinutes = Number(start.slice(0, 2)) * 60 + Number(start.slice(3));
    const endMinutes = Math.min(24 * 60, startMinutes + 60);
    const end =
      endMinutes >= 24 * 60
        ? '24:00'
        : `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
    onChange([...value, after ? { day, start, end } : { day, ...DEFAULT_RANGE }]);
  };
  const copyToAll = (day: number) => {
    const source = value.filter((r) => r.day === day);
    onChange([
      ...source,
      ...days.filter((d) => d !== day).flatMap((d) => source.map((r) => ({ ...r, day: d }))),
    ]);
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('booking.settings.weekly')}>
      {days.map((day) => {
        const ranges = indexed.filter((x) => x.range.day === day);
        const name = dayName(day, i18n.language);
        return (
          <Paper key={day} withBorder radius="md" p="sm">
            <Group align="flex-start" wrap="wrap" gap="sm">
              <Switch
                w={150}
                mt={6}
                label={name}
                checked={ranges.length > 0}
                onChange={(e) =>
                  e.currentTarget.checked ? add(day) : onChange(value.filter((r) => r.day !== day))
                }
              />
              <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
                {ranges.length === 0 ? (
                  <Text size="sm" c="dimmed" mt={8}>
                    {t('booking.settings.unavailable')}
                  </Text>
                ) : (
                  ranges.map(({ range, index }) => (
                    <div key={index}>
                      <Group gap="xs" wrap="nowrap">
                        <TimeInput
                          aria-label={t('booking.settings.rangeStart', { day: name })}
                          value={range.start}
                          onChange={(e) => update(index, { start: e.currentTarget.value })}
                          w={120}
                          error={!!errors[index]}
                        />
                        <Text aria-hidden="true">–</Text>
                        <TimeInput
                          aria-label={t('booking.settings.rangeEnd', { day: name })}
                          value={range.end === '24:00' ? '23:59' : range.end}
                          onChange={(e) => update(index, { end: e.currentTarget.value })}
                          w={120}
                          error={!!errors[index]}
                        />
                        <Tooltip label={t('booking.settings.removeRange')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => remove(index)}
                            aria-label={t('booking.settings.removeRange')}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                      {errors[index] ? (
                        <Text size="xs" c="red" mt={2}>
                          {errors[index]}
                        </Text>
                      ) : null}
                    </div>
                  ))
                )}
              </Stack>
              {ranges.length > 0 ? (
                <Group gap={4}>
                  <Tooltip label={t('booking.settings.addRange')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={ranges.length >= RANGES_PER_DAY_MAX}
                      onClick={() => add(day, ranges.at(-1)?.range)}
                      aria-label={t('booking.settings.addRangeTo', { day: name })}
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('booking.settings.copyToAll')}>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => copyToAll(day)}
                      aria-label={t('booking.settings.copyDayToAll', { day: name })}
                    >
                      <IconCopy size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ) : null}
            </Group>
          </Paper>
        );
      })}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {value.length === 0 ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => onChange([1, 2, 3, 4, 5].map((day) => ({ day, ...DEFAULT_RANGE })))}
          >
            {t('booking.settings.weekdaysPreset')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
