import { Badge, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { OfflineNotice } from '@/components/feedback/offline-state';
import { VerifyEmailNotice } from '@/components/feedback/verify-email-notice';
import { formatNumber } from '@/lib/i18n';

import type { FacetsScope } from '../api/catalogue-queries';
import { countActiveFilters } from '../filters/clip-filters';
import { useClipFilters } from '../filters/use-clip-filters';
import { ActiveFilters } from './active-filters';
import classes from './catalogue.module.css';
import { FilterPanel } from './filter-panel';
import { ListingResults, type ListingQuery } from './listing-results';
import { PagingSwitch } from './paging-switch';
import { SearchBox, SearchModeSwitch, SortSelect } from './search-bar';


interface CatalogueListingProps<T extends { id: string }> {
  kind: 'videos' | 'clips';
  query: ListingQuery<T>;
  renderItem: (item: T) => ReactNode;
  searchLabel: string;
  /** Hide the semantic switch (the channel page). */
  semantic?: boolean;
  /** The listing the facet counts are within: a channel, the favourites, a collection. */
  scope?: FacetsScope;
  /** Shown instead of the generic empty state when nothing narrows the list. */
  emptyState?: ReactNode;
  /** The filters in a drawer at every width (a listing beside another column). */
  filtersInDrawer?: boolean;
}

/**
 * A searchable catalogue listing: words, sort, filters (a sidebar, a drawer on phones), the
 * active filters as chips, the result count, and the results by scrolling or numbered pages.
 * Every part reads and writes the filter state in the URL (use-clip-filters.ts).
 */
export function CatalogueListing<T extends { id: string }>({
  kind,
  query,
  renderItem,
  searchLabel,
  semantic = true,
  scope,
  emptyState,
  filtersInDrawer = false,
}: CatalogueListingProps<T>) {
  const { t } = useTranslation();
  // read before the first render: a first render for a wide screen would build the filter
  // sidebar a phone never shows
  const narrow = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
  const inDrawer = narrow || filtersInDrawer;
  const [drawer, setDrawer] = useState(false);
  // the filter drawer is built when first opened, then kept (its closing animation plays)
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawer && !drawerUsed) setDrawerUsed(true);
  const { filters } = useClipFilters();
  const active = countActiveFilters(filters);
  const first = query.data?.pages[0];
  const results = (
    <ListingResults kind={kind} query={query} renderItem={renderItem} emptyState={emptyState} />
  );

  return (
    <Stack gap="md" className={classes.listing}>
      <OfflineNotice message={t('catalogue.offline')} />
      <VerifyEmailNotice message={t('catalogue.membersNeedVerified')} />
      <Group gap="sm" wrap="wrap" align="center">
        <SearchBox label={searchLabel} />
        <SortSelect />
        {inDrawer ? (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              active ? (
                <Badge size="sm" circle>
                  {active}
                </Badge>
              ) : null
            }
            onClick={() => setDrawer(true)}
          >
            {t('catalogue.filters.title')}
          </Button>
        ) : null}
      </Group>
      {semantic ? <SearchModeSwitch kind={kind} /> : null}
      <ActiveFilters />
      <Group justify="space-between" gap="xs" mih={22} wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="result-count">
            {first
              ? t(`catalogue.list.count_${kind}`, {
                  count: first.total,
                  total: formatNumber(first.total),
                  ms: formatNumber(Math.round(first.tookMs)),
                })
              : ''}
          </Text>
          {query.isFetching && !query.isFetchingNextPage && !query.isPending ? (
            <Loader size="xs" />
          ) : null}
        </Group>
        <PagingSwitch />
      </Group>

      {inDrawer ? (
        <>
          {drawerUsed ? (
            <Drawer
              opened={drawer}
              onClose={() => setDrawer(false)}
              title={t('catalogue.filters.title')}
              position="bottom"
              size="85%"
            >
              <FilterPanel scope={scope} />
              <Button fullWidth mt="lg" onClick={() => setDrawer(false)} data-testid="show-results">
                {first
                  ? t(`catalogue.filters.show_${kind}`, {
                      count: first.total,
                      total: formatNumber(first.total),
                    })
                  : t('common.actions.close')}
              </Button>
            </Drawer>
          ) : null}
          {results}
        </>
      ) : (
        <div className={classes.layout}>
          <aside className={classes.sidebar} aria-label={t('catalogue.filters.title')}>
            <FilterPanel scope={scope} />
          </aside>
          {results}
        </div>
      )}
    </Stack>
  );
}
