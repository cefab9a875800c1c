// A bar column (docs/product-rules.md#layout-and-charts) is 28% of its category's width, 32% on
// medium screens (below the lg breakpoint) and 40% on small ones (below sm). Recharts sizes a
// category's bars as band − 2 × barCategoryGap, so the gap is (100% − width) / 2: 36%, 34%, 30%.
// Charts pass the gap as `barChartProps={{ barCategoryGap }}` and leave Mantine's maxBarWidth
// unset.
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export function barColumnWidth(small: boolean, medium: boolean) {
  return small ? 40 : medium ? 32 : 28;
}

export const barCategoryGapFor = (width: number) => `${(100 - width) / 2}%`;

/** The column width for the current screen, and its category gap. */
export function useBarColumn() {
  const small = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
  const medium = useMediaQuery(`(max-width: ${em(1199.98)})`) ?? false;
  const width = barColumnWidth(small, medium);
  return { width, gap: barCategoryGapFor(width) };
}
