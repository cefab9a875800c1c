import {
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconMoodEmpty } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { VerifyEmailNotice } from '@/components/feedback/verify-email-notice';
import { formatNumber } from '@/lib/i18n';

import type { SearchResult } from '../../../../server/contracts/catalogue';
import { countActiveFilters } from '../filters/clip-filters';
import { useClipFilters } from '../filters/use-clip-filters';
import { ActiveFilters } from './active-filters';
import classes from './catalogue.module.css';
import { FilterPanel } from './filter-panel';
import { SearchBox, SearchModeSwitch, SortSelect } from './search-bar';

type Query<T> = UseInfiniteQueryResult<InfiniteData<SearchResult<T>>, unknown>;

interface CatalogueListingProps<T extends { id: string }> {
  kind: 'videos' | 'clips';
  query: Query<T>;
  renderItem: (item: T) => ReactNode;
  searchLabel: string;
  /** Hide the semantic switch (the channel page). */
  semantic?: boolean;
}

/** Loads the next page when the end of the list comes near (and by button, for keyboards). */
function useInfiniteScroll(query: Query<unknown>) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}

export function ListingSkeleton({ kind }: { kind: 'videos' | 'clips' }) {
  if (kind === 'clips')
    return (
      <Stack gap="lg" aria-hidden="true" data-testid="listing-skeleton">
        {Array.from({ length: 6 }, (_, i) => (
          <Group key={i} wrap="nowrap" align="flex-start">
            <Skeleton w={120} h={68} radius="sm" />
            <Stack gap={6} flex={1}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={10} w="30%" />
              <Skeleton h={10} w="90%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
      spacing="lg"
      aria-hidden="true"
      data-testid="listing-skeleton"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Stack key={i} gap={8}>
          <Skeleton style={{ aspectRatio: '16 / 9' }} radius="md" />
          <Skeleton h={14} w="80%" />
          <Skeleton h={10} w="50%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function CatalogueListing<T extends { id: string }>({
  kind,
  query,
  renderItem,
  searchLabel,
  semantic = true,
}: CatalogueListingProps<T>) {
  const { t } = useTranslation();
  // read before the first render: a first render for a wide screen would build the filter
  // sidebar a phone never shows
  const phone = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
  const [drawer, setDrawer] = useState(false);
  // the filter drawer is built when first opened, then kept (its closing animation plays)
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawer && !drawerUsed) setDrawerUsed(true);
  const { filters, clear } = useClipFilters();
  const sentinel = useInfiniteScroll(query);
  const active = countActiveFilters(filters);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const first = pages[0];

  const results = (() => {
    if (query.isPending) return <ListingSkeleton kind={kind} />;
    if (query.isError && !query.data)
      return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    if (items.length === 0)
      return (
        <EmptyState
          icon={<IconMoodEmpty size={28} />}
          title={t(`catalogue.empty.${kind}`)}
          description={
            active || filters.textArr.length
              ? t('catalogue.empty.tryFewer')
              : t('catalogue.empty.nothingYet')
          }
          action={
            active ? (
              <Button variant="light" onClick={clear}>
                {t('catalogue.chips.clearAll')}
              </Button>
            ) : undefined
          }
        />
      );
    return (
      <>
        {kind === 'videos' ? (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="lg"
            verticalSpacing="xl"
            data-testid="results"
          >
            {items.map((item) => (
              <div key={item.id}>{renderItem(item)}</div>
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="lg" data-testid="results">
            {items.map((item) => (
              <div key={item.id}>{renderItem(item)}</div>
            ))}
          </Stack>
        )}
        <div ref={sentinel} className={classes.sentinel} />
        {query.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="default"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              data-testid="load-more"
            >
              {t('catalogue.list.more')}
            </Button>
          </Group>
        ) : items.length > 0 ? (
          <Text ta="center" size="sm" c="dimmed">
            {t('catalogue.list.end')}
          </Text>
        ) : null}
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
        ) : null}
      </>
    );
  })();

  return (
    <Stack gap="md" className={classes.listing}>
      <OfflineNotice message={t('catalogue.offline')} />
      <VerifyEmailNotice message={t('catalogue.membersNeedVerified')} />
      <Group gap="sm" wrap="wrap" align="center">
        <SearchBox label={searchLabel} />
        <SortSelect />
        {phone ? (
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
      <Group justify="space-between" mih={22}>
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

      {phone ? (
        <>
          {drawerUsed ? (
            <Drawer
              opened={drawer}
              onClose={() => setDrawer(false)}
              title={t('catalogue.filters.title')}
              position="bottom"
              size="85%"
            >
              <FilterPanel />
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
            <FilterPanel />
          </aside>
          <div>{results}</div>
        </div>
      )}
    </Stack>
  );
}
