import { Box, Group, Pagination, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The pager under a paged list, grid or table: translated names on every control (screen
 *  readers hear "Next page", "Page 3" rather than a bare number), hidden with a single page.
 *  On its own it is centred under the list and a page change scrolls back to the top, where
 *  the new page starts; `inline` leaves the placing to a row the page lays out (a total, a
 *  page-size picker beside it). */
export function PagePagination({
  total,
  value,
  onChange,
  label,
  size,
  inline = false,
  scrollToTop = !inline,
}: {
  /** number of pages */
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** what the pager pages through, e.g. "Pages of products" */
  label?: string;
  size?: MantineSize;
  inline?: boolean;
  scrollToTop?: boolean;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  const pager = (
    <Pagination
      total={total}
      value={Math.min(value, total)}
      size={size}
      onChange={(page) => {
        onChange(page);
        if (scrollToTop) window.scrollTo({ top: 0 });
      }}
      getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('common.pagination.page', { page }) })}
    />
  );
  return inline ? (
    <Box component="nav" aria-label={label}>
      {pager}
    </Box>
  ) : (
    <Group component="nav" aria-label={label} justify="center" mt="xl">
      {pager}
    </Group>
  );
}
