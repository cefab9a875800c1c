import {
  Button,
  Chip,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCloudOff, IconNews, IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { QueryState } from '@/components/feedback/query-state';
import { PagePagination } from '@/components/ui/page-pagination';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n';
import { useOnline } from '@/lib/use-online';

import { BLOG_SORTS, POSTS_PAGE_SIZE } from '../../../../server/contracts/blog';
import { postsQuery } from '../api/blog-api';
import { PostCard } from '../components/post-card';
import { useBlogFilters } from '../components/use-blog-filters';
import { useDocumentMeta } from '../components/use-document-meta';

const GRID = { base: 1, sm: 2, lg: 3 };

export default function BlogPostsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const { filters, setFilters } = useBlogFilters();
  const [search, setSearch] = useState(filters.q);
  const pushSearch = useDebouncedCallback((q: string) => setFilters({ q }), 300);
  useEffect(() => setSearch(filters.q), [filters.q]);
  useDocumentMeta({ title: t('blog.title'), description: t('blog.listDescription') });

  const list = useQuery({
    ...postsQuery({
      q: filters.q || undefined,
      sort: filters.sort,
      page: filters.page,
      limit: POSTS_PAGE_SIZE,
      scope: filters.mine ? 'mine' : 'all',
    }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(filters.q) || filters.mine;
  const clear = () => {
    setSearch('');
    setFilters({ q: '', mine: false });
  };

  return (
    <>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1} size="h3">
          {t('blog.title')}
        </Title>
        <Button
          component={Link}
          to={paths.dashboard.blog.new.path}
          leftSection={<IconPencilPlus size={18} />}
        >
          {t('blog.new')}
        </Button>
      </Group>
      <Group mb="lg" gap="sm" align="center" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 240px' }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('blog.search')}
          aria-label={t('blog.search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
        />
        <SegmentedControl
          aria-label={t('blog.sort.label')}
          data={BLOG_SORTS.map((s) => ({ value: s, label: t(`blog.sort.${s}`) }))}
          value={filters.sort}
          onChange={(sort) => setFilters({ sort: sort })}
        />
        <Chip checked={filters.mine} onChange={(mine) => setFilters({ mine })} variant="outline">
          {t('blog.mine')}
        </Chip>
      </Group>
      {data ? <OfflineNotice /> : null}
      <QueryState
        query={list}
        keepData
        loading={
          list.isPaused && !online ? (
            <EmptyState
              icon={<IconCloudOff size={28} />}
              title={t('blog.offline.title')}
              description={t('blog.offline.description')}
            />
          ) : (
            <SimpleGrid cols={GRID} data-testid="blog-loading">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} h={340} radius="lg" />
              ))}
            </SimpleGrid>
          )
        }
        isEmpty={(result) => result.posts.length === 0}
        empty={
          <EmptyState
            icon={<IconNews size={28} />}
            title={filtered ? t('blog.empty.filteredTitle') : t('blog.empty.title')}
            description={filtered ? t('blog.empty.filtered') : t('blog.empty.none')}
            action={
              filtered ? (
                <Button variant="light" onClick={clear}>
                  {t('blog.empty.clear')}
                </Button>
              ) : (
                <Button component={Link} to={paths.dashboard.blog.new.path} variant="light">
                  {t('blog.empty.write')}
                </Button>
              )
            }
          />
        }
      >
        {(result) => (
          <>
            <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
              {t('blog.results', { count: result.total, n: formatNumber(result.total) })}
            </Text>
            <SimpleGrid
              cols={GRID}
              spacing="lg"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              {result.posts.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </SimpleGrid>
            <PagePagination
              total={pages}
              value={filters.page}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
