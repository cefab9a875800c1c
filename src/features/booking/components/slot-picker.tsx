import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorState } from '@/components/feedback/error-state';

import { slotsQuery } from '../api/booking-api';
import { dayKey, formatDay, formatTime, monthOf, monthSpan } from './zone-time';

interface SlotPickerProps {
  slug: string;
  zone: string;
  horizonDays: number;
  selected: string | null;
  onSelect: (start: string) => void;
}

const addMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** A month of days with free times (in the viewer's zone) and the times of the chosen day. */
export function SlotPicker({ slug, zone, horizonDays, selected, onSelect }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const today = dayKey(new Date(), zone);
  const lastDay = dayKey(new Date(Date.now() + horizonDays * 86_400_000), zone);
  const [month, setMonth] = useState(monthOf(selected ? dayKey(selected, zone) : today));
  const [day, setDay] = useState<string | null>(selected ? dayKey(selected, zone) : null);
  const span = monthSpan(month);
  const slots = useQuery({
    ...slotsQuery(slug, span.from, span.to),
    placeholderData: keepPreviousData,
  });

  const byDay = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const start of slots.data?.slots ?? []) {
      const key = dayKey(start, zone);
      if (monthOf(key) !== month) continue;
      map.set(key, [...(map.get(key) ?? []), start]);
    }
    return map;
  }, [slots.data, zone, month]);

  const shownDay = day && byDay.has(day) ? day : ([...byDay.keys()][0] ?? null);
  const times = shownDay ? (byDay.get(shownDay) ?? []) : [];
  const loadingMonth = slots.isFetching && slots.isPlaceholderData;

  if (slots.isError) return <ErrorState error={slots.error} onRetry={() => void slots.refetch()} />;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="xs" align="center">
        <DatePicker
          value={shownDay}
          onChange={(value) => setDay(value)}
          date={`${month}-01`}
          onDateChange={(date) => {
            setMonth(monthOf(date));
            setDay(null);
          }}
          minDate={`${monthOf(today)}-01`}
          maxDate={lastDay}
          excludeDate={(date) => !byDay.has(date)}
          hideOutsideDates
          size="md"
          aria-label={t('booking.visitor.pickDay')}
          ariaLabels={{
            nextMonth: t('booking.visitor.nextMonth'),
            previousMonth: t('booking.visitor.previousMonth'),
          }}
        />
        {loadingMonth ? <Loader size="sm" role="status" aria-label={t('booking.visitor.loadingTimes')} /> : null}
      </Stack>
      <Paper withBorder radius="md" p="md" aria-live="polite">
        {slots.isPending ? (
          <Stack gap="xs">
            <Skeleton h={24} w="60%" />
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        ) : shownDay ? (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {formatDay(shownDay, i18n.language)}
            </Title>
            <SimpleGrid
              cols={{ base: 2, xs: 3, sm: 2, md: 3 }}
              spacing="xs"
              role="group"
              aria-label={t('booking.visitor.pickTime')}
            >
              {times.map((start) => (
                <Button
                  key={start}
                  variant={start === selected ? 'filled' : 'default'}
                  aria-pressed={start === selected}
                  onClick={() => onSelect(start)}
                  dir="ltr"
                >
                  {formatTime(start, zone, i18n.language)}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        ) : (
          <Alert
            variant="light"
            icon={<IconCalendarOff size={18} />}
            title={t('booking.visitor.noTimesTitle')}
          >
            <Text size="sm">{t('booking.visitor.noTimes')}</Text>
            {month < monthOf(lastDay) ? (
              <Group mt="sm">
                <Button size="xs" variant="default" onClick={() => setMonth(addMonth(month, 1))}>
                  {t('booking.visitor.nextMonth')}
                </Button>
              </Group>
            ) : null}
          </Alert>
        )}
      </Paper>
    </SimpleGrid>
  );
}
