import {
  Badge,
  Button,
  Drawer,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustments, IconSearch, IconShoppingBag } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { PagePagination } from '@/components/ui/page-pagination';

import { PRODUCT_SORTS, type ProductSort } from '../../../../server/contracts/shop-constants';
import { productsQuery } from '../api/shop-api';
import { ProductCard } from '../components/product-card';
import {
  activeFilterCount,
  SHOP_PAGE_SIZE,
  toProductQuery,
  useShopFilters,
} from '../components/shop-filters';
import { useLoggedError } from '../components/use-logged-error';

// the filters (number inputs, checkboxes, swatches) load when the drawer first opens, not with
// the grid a phone is waiting for
const FilterPanel = lazy(() =>
  import('../components/filter-panel').then((m) => ({ default: m.FilterPanel })),
);

export default function ShopPage() {
  const { t } = useTranslation();
  const { filters, setFilters, clear } = useShopFilters();
  const [search, setSearch] = useState(filters.q);
  const [drawer, setDrawer] = useState(false);
  const pushSearch = useDebouncedCallback((q: string) => setFilters({ q }), 300);
  const list = useQuery({
    ...productsQuery(toProductQuery(filters)),
    placeholderData: keepPreviousData,
  });
  useLoggedError(list.error, 'shop: product list');
  const count = activeFilterCount(filters);
  const total = list.data?.total ?? list.data?.products.length ?? 0;
  const pages = Math.ceil(total / SHOP_PAGE_SIZE);
  const clearAll = () => {
    setSearch('');
    clear();
  };

  return (
    <>
      <Title order={1} size="h3" mb="lg">
        {t('shop.title')}
      </Title>
      <Group mb="lg" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px' }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('shop.search')}
          aria-label={t('shop.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
        />
        {/* the platform's own select: a phone's picker, and no popover code on the first load */}
        <NativeSelect
          w={200}
          label={t('shop.sort.label')}
          data={PRODUCT_SORTS.map((s) => ({ value: s, label: t(`shop.sort.${s}`) }))}
          value={filters.sort}
          onChange={(e) => setFilters({ sort: e.currentTarget.value as ProductSort })}
        />
        <Button
          variant="default"
          leftSection={<IconAdjustments size={16} />}
          rightSection={
            count ? (
              <Badge size="sm" circle>
                {count}
              </Badge>
            ) : null
          }
          onClick={() => setDrawer(true)}
        >
          {t('shop.filters.title')}
        </Button>
        {count ? (
          <Button variant="subtle" onClick={clearAll}>
            {t('shop.filters.clear')}
          </Button>
        ) : null}
      </Group>
      <Drawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        title={t('shop.filters.title')}
        position="right"
        size="sm"
      >
        <Suspense fallback={<Skeleton h={320} />}>
          <FilterPanel filters={filters} onChange={setFilters} onClear={clearAll} />
        </Suspense>
      </Drawer>
      <QueryState
        query={list}
        loading={
          <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} data-testid="shop-loading">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} h={320} radius="lg" />
            ))}
          </SimpleGrid>
        }
        isEmpty={(data) => data.products.length === 0}
        empty={
          <EmptyState
            icon={<IconShoppingBag size={28} />}
            title={t('shop.empty.title')}
            description={count ? t('shop.empty.filtered') : t('shop.empty.none')}
            action={
              count ? (
                <Button variant="light" onClick={clearAll}>
                  {t('shop.filters.clear')}
                </Button>
              ) : null
            }
          />
        }
      >
        {(data) => (
          <>
            <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
              {t('shop.results', { count: total })}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing={{ base: 'sm', md: 'md' }}>
              {data.products.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </SimpleGrid>
            <PagePagination
              total={pages}
              value={filters.page}
              onChange={(page) => setFilters({ page })}
              label={t('shop.pages')}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
