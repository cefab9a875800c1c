import '@mantine/charts/styles.layer.css';

import { BarChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useBarColumn } from '@/components/ui/chart-bar-width';

import type { CurrencySummary } from '../../../../server/contracts/banking';
import { formatMoney, formatMonth } from './money';

/** Income and spending of one currency by month, the last 12 months. */
export function CashFlowChart({ summary }: { summary: CurrencySummary }) {
  const { t, i18n } = useTranslation();
  const bar = useBarColumn();
  const money = (amount: number) => formatMoney(amount, summary.currency, i18n.language);
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h5" mb="md">
        {t('banking.chart.title', { currency: summary.currency })}
      </Title>
      <BarChart
        h={300}
        data={summary.monthly.map((m) => ({
          month: formatMonth(m.month, i18n.language),
          income: m.income,
          expense: m.expense,
        }))}
        dataKey="month"
        series={[
          { name: 'income', label: t('banking.figures.income'), color: 'teal.6' },
          { name: 'expense', label: t('banking.figures.expense'), color: 'red.5' },
        ]}
        withLegend
        tickLine="none"
        gridAxis="y"
        valueFormatter={money}
        yAxisProps={{ width: 90 }}
        barChartProps={{ barCategoryGap: bar.gap }}
        data-bar-width={`${bar.width}%`}
        aria-label={t('banking.chart.title', { currency: summary.currency })}
      />
    </Paper>
  );
}
