import { Group, Pagination, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/i18n';

import { useClipFilters } from '../filters/use-clip-filters';
import classes from './catalogue.module.css';

const Previous = () => <IconChevronLeft size={16} className={classes.flip} aria-hidden="true" />;
const Next = () => <IconChevronRight size={16} className={classes.flip} aria-hidden="true" />;

/**
 * Numbered pages under the results. A page change is a history entry with the page in the URL;
 * the list's top comes into view (not the page's) and takes the focus, so a keyboard or screen
 * reader user goes on reading from the first result of the new page.
 */
export function ListingPagination({
  total,
  listTop,
}: {
  /** how many pages there are */
  total: number;
  listTop: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const { filters, goToPage } = useClipFilters();
  const page = filters.page;
  if (total <= 1 && page <= 1) return null;
  const change = (next: number) => {
    goToPage(next);
    const top = listTop.current;
    if (!top) return;
    // (its scroll margin keeps it clear of the sticky header)
    const { top: y } = top.getBoundingClientRect();
    const margin = parseFloat(getComputedStyle(top).scrollMarginTop) || 0;
    if (y < margin || y > window.innerHeight) top.scrollIntoView({ block: 'start' });
    top.focus({ preventScroll: true });
  };
  return (
    <Group justify="center" gap="sm" wrap="wrap">
      <nav aria-label={t('catalogue.paging.nav')}>
        <Pagination
          total={Math.max(total, page)}
          value={page}
          onChange={change}
          siblings={1}
          boundaries={1}
          previousIcon={Previous}
          nextIcon={Next}
          getItemProps={(n) => ({
            'aria-label': t('catalogue.paging.goTo', { page: formatNumber(n) }),
          })}
          getControlProps={(control) =>
            control === 'previous' || control === 'next'
              ? { 'aria-label': t(`catalogue.paging.${control}`) }
              : {}
          }
          data-testid="pagination"
        />
      </nav>
      <Text size="sm" c="dimmed" data-testid="page-of">
        {t('catalogue.paging.pageOf', { page: formatNumber(page), total: formatNumber(total) })}
      </Text>
    </Group>
  );
}
