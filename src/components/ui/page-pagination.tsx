import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The pager under a paged list or grid: translated names on every control (screen readers
 *  hear "Next page", "Page 3" rather than a bare number), centred, hidden with a single page.
 *  Changing page scrolls back to the top, where the new page starts. */
export function PagePagination({
  total,
  value,
  onChange,
  label,
}: {
  /** number of pages */
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** what the pager pages through, e.g. "Pages of products" */
  label?: string;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" mt="xl">
      <Pagination
        total={total}
        value={Math.min(value, total)}
        onChange={(page) => {
          onChange(page);
          window.scrollTo({ top: 0 });
        }}
        getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
        getItemProps={(page) => ({ 'aria-label': t('common.pagination.page', { page }) })}
      />
    </Group>
  );
}
