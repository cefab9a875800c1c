import '@mantine/charts/styles.layer.css';

import { BarChart } from '@mantine/charts';
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** A bar column is 28% of its category's width (docs/product-rules.md#layout-and-charts), 32% on
 *  medium screens (below the lg breakpoint) and 40% on small ones (below sm). Recharts sizes a
 *  single-series bar as band − 2 × barCategoryGap, so the gap is (100% − width) / 2: 36%, 34%,
 *  30%. Mantine's maxBarWidth is left unset so nothing caps the percentage. */
export function barColumnWidth(small: boolean, medium: boolean) {
  return small ? 40 : medium ? 32 : 28;
}
export const barCategoryGapFor = (width: number) => `${(100 - width) / 2}%`;

export function SalesChart({
  data,
  label,
  format,
}: {
  data: { month: string; sales: number }[];
  label: string;
  format: (cents: number) => string;
}) {
  const small = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
  const medium = useMediaQuery(`(max-width: ${em(1199.98)})`) ?? false;
  const width = barColumnWidth(small, medium);
  return (
    <BarChart
      h={280}
      data={data}
      dataKey="month"
      series={[{ name: 'sales', label, color: 'var(--mantine-primary-color-filled)' }]}
      valueFormatter={format}
      barChartProps={{ barCategoryGap: barCategoryGapFor(width) }}
      tickLine="none"
      gridAxis="y"
      yAxisProps={{ width: 80 }}
      data-bar-width={`${width}%`}
    />
  );
}
