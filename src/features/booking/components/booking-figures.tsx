import '@mantine/charts/styles.layer.css';

import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { IconCalendarCheck, IconCalendarEvent, IconCalendarX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { QueryState } from '@/components/feedback/query-state';
import { useBarColumn } from '@/components/ui/chart-bar-width';
import { StatCard } from '@/components/ui/stat-card';

import { statsQuery } from '../api/booking-api';
import { intlLocale } from './zone-time';

/** Booked, upcoming and cancelled meetings, and a chart of them by week or month. */
export function BookingFigures() {
  const { t, i18n } = useTranslation();
  const [group, setGroup] = useState<'week' | 'month'>('week');
  const stats = useQuery({ ...statsQuery(group), placeholderData: keepPreviousData });
  const bar = useBarColumn();
  const locale = intlLocale(i18n.language);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const periodLabel = (period: string) =>
    group === 'month'
      ? new Intl.DateTimeFormat(locale, {
          month: 'short',
          year: '2-digit',
          timeZone: 'UTC',
        }).format(new Date(`${period}-01T00:00:00Z`))
      : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
          new Date(`${period}T00:00:00Z`),
        );

  return (
    <QueryState
      query={stats}
      loading={
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={92} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton h={300} radius="lg" />
        </>
      }
    >
      {({ totals, series }) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <StatCard
              label={t('booking.figures.booked')}
              value={count(totals.booked)}
              icon={<IconCalendarCheck size={22} />}
              color="teal"
            />
            <StatCard
              label={t('booking.figures.upcoming')}
              value={count(totals.upcoming)}
              icon={<IconCalendarEvent size={22} />}
              color="blue"
            />
            <StatCard
              label={t('booking.figures.cancelled')}
              value={count(totals.cancelled)}
              icon={<IconCalendarX size={22} />}
              color="red"
            />
          </SimpleGrid>
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h5">
                {t('booking.figures.chartTitle')}
              </Title>
              <SegmentedControl
                size="xs"
                value={group}
                onChange={(v) => setGroup(v)}
                data={[
                  { value: 'week', label: t('booking.figures.byWeek') },
                  { value: 'month', label: t('booking.figures.byMonth') },
                ]}
                aria-label={t('booking.figures.group')}
              />
            </Group>
            <BarChart
              h={280}
              data={series.map((s) => ({
                period: periodLabel(s.period),
                booked: s.booked,
                cancelled: s.cancelled,
              }))}
              dataKey="period"
              series={[
                { name: 'booked', label: t('booking.figures.booked'), color: 'teal.6' },
                { name: 'cancelled', label: t('booking.figures.cancelled'), color: 'red.5' },
              ]}
              withLegend
              tickLine="none"
              gridAxis="y"
              valueFormatter={count}
              barChartProps={{ barCategoryGap: bar.gap }}
              data-bar-width={`${bar.width}%`}
              aria-label={t('booking.figures.chartTitle')}
            />
          </Paper>
        </>
      )}
    </QueryState>
  );
}
