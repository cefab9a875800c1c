import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { QueryState } from '@/components/feedback/query-state';
import { formatNumber } from '@/lib/i18n';

import type { SearchResult } from '../../../../server/contracts/catalogue';
import { PAGE_SIZE } from '../api/catalogue-queries';
import { countActiveFilters, hasTextSearch } from '../filters/clip-filters';
import { useClipFilters } from '../filters/use-clip-filters';
import { usePagingMode } from '../filters/use-paging-mode';
import classes from './catalogue.module.css';
import { ListingPagination } from './listing-pagination';

export type ListingQuery<T> = UseInfiniteQueryResult<InfiniteData<SearchResult<T>>, unknown>;

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

/** Loads the next page when the end of the list comes near (and by button, for keyboards). */
function useInfiniteScroll(query: ListingQuery<unknown>, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}

interface ListingResultsProps<T extends { id: string }> {
  kind: 'videos' | 'clips';
  query: ListingQuery<T>;
  renderItem: (item: T) => ReactNode;
  /** Shown instead of the generic empty state when nothing narrows the list. */
  emptyState?: ReactNode;
}

/**
 * The results, by scrolling (every page loaded so far) or by numbered pages (the one page the
 * URL names, with the page numbers under it), and their loading, error and empty states.
 */
export function ListingResults<T extends { id: string }>({
  kind,
  query,
  renderItem,
  emptyState,
}: ListingResultsProps<T>) {
  const { t } = useTranslation();
  const { filters, clear, goToPage } = useClipFilters();
  const { mode } = usePagingMode();
  const numbered = mode === 'pages';
  const sentinel = useInfiniteScroll(query, !numbered);
  const listTop = useRef<HTMLDivElement>(null);
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const items = numbered ? (first?.items ?? []) : pages.flatMap((p) => p.items);
  const pageCount = first ? Math.max(1, Math.ceil(first.total / PAGE_SIZE)) : 1;
  const narrowed = countActiveFilters(filters) > 0 || hasTextSearch(filters);

  const pastEnd = numbered && filters.page > pageCount && first !== undefined && first.total > 0;
  const empty = pastEnd ? (
    <EmptyState
      icon={<IconMoodEmpty size={28} />}
      title={t('catalogue.paging.pastEnd', { page: formatNumber(filters.page) })}
      description={t('catalogue.paging.endsAt', { page: formatNumber(pageCount) })}
      action={
        <Button variant="light" onClick={() => goToPage(pageCount)}>
          {t('catalogue.paging.goTo', { page: formatNumber(pageCount) })}
        </Button>
      }
    />
  ) : !narrowed && emptyState ? (
    emptyState
  ) : (
    <EmptyState
      icon={<IconMoodEmpty size={28} />}
      title={t(`catalogue.empty.${kind}`)}
      description={narrowed ? t('catalogue.empty.tryFewer') : t('catalogue.empty.nothingYet')}
      action={
        countActiveFilters(filters) ? (
          <Button variant="light" onClick={clear}>
            {t('catalogue.chips.clearAll')}
          </Button>
        ) : undefined
      }
    />
  );
  const results = () => {
    const list = items.map((item) => <div key={item.id}>{renderItem(item)}</div>);
    return (
      <>
        {kind === 'videos' ? (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="lg"
            verticalSpacing="xl"
            data-testid="results"
          >
            {list}
          </SimpleGrid>
        ) : (
          <Stack gap="lg" data-testid="results">
            {list}
          </Stack>
        )}
        {numbered ? null : (
          <>
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
            ) : (
              <Text ta="center" size="sm" c="dimmed">
                {t('catalogue.list.end')}
              </Text>
            )}
          </>
        )}
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
        ) : null}
      </>
    );
  };

  return (
    <Stack gap="lg">
      <div
        ref={listTop}
        tabIndex={-1}
        className={classes.results}
        role="region"
        aria-label={t('catalogue.list.results')}
        aria-busy={query.isPlaceholderData || undefined}
        data-stale={query.isPlaceholderData || undefined}
      >
        <QueryState
          query={query}
          keepData
          loading={<ListingSkeleton kind={kind} />}
          isEmpty={() => items.length === 0}
          empty={empty}
        >
          {results}
        </QueryState>
      </div>
      {numbered && first ? <ListingPagination total={pageCount} listTop={listTop} /> : null}
    </Stack>
  );
}
