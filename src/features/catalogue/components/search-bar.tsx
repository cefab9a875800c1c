import { Group, SegmentedControl, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/i18n';
import { trpc } from '@/lib/trpc';

import { hasTextSearch, SORT_OPTIONS, splitList } from '../filters/clip-filters';
import { useClipFilters } from '../filters/use-clip-filters';

/** The words box: comma-separated terms become `textArr`, each of which must match. */
export function SearchBox({ label }: { label: string }) {
  const { filters, setFilters } = useClipFilters();
  const joined = filters.textArr.join(', ');
  const [text, setText] = useState(joined);
  // a chip removed elsewhere (or a shared link) shows up in the box
  useEffect(
    () => setText((current) => (splitList([current]).join(', ') === joined ? current : joined)),
    [joined],
  );
  const commit = useDebouncedCallback(
    (value: string) => setFilters({ textArr: splitList([value]) }),
    300,
  );
  return (
    <TextInput
      type="search"
      flex={1}
      miw={200}
      leftSection={<IconSearch size={16} />}
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit.cancel?.();
          setFilters({ textArr: splitList([text]) });
        }
      }}
      data-testid="search-box"
    />
  );
}

/**
 * Keyword or semantic (embedding) search. While the index of the listed kind is being built,
 * semantic search ranks the part indexed so far: the line under the switch says how much.
 */
export function SearchModeSwitch({ kind }: { kind: 'videos' | 'clips' }) {
  const { t } = useTranslation();
  const { filters, setFilters } = useClipFilters();
  const status = useQuery({
    ...trpc.catalogue.indexStatus.queryOptions(),
    refetchInterval: (query) => (query.state.data?.running ? 5000 : false),
    meta: { silent: true },
  });
  const data = status.data;
  const unavailable = data ? !data.enabled : false;
  const progress = data?.[kind];
  const indexing = Boolean(data?.enabled && progress && progress.indexed < progress.total);
  return (
    <Group gap="xs" wrap="wrap">
      <Tooltip label={t('catalogue.search.unavailable')} disabled={!unavailable} withArrow>
        <SegmentedControl
          size="sm"
          aria-label={t('catalogue.search.mode')}
          value={filters.embeddingSearch ? 'semantic' : 'keyword'}
          onChange={(value) => setFilters({ embeddingSearch: value === 'semantic' })}
          data={[
            { value: 'keyword', label: t('catalogue.search.keyword') },
            {
              value: 'semantic',
              disabled: unavailable && !filters.embeddingSearch,
              label: (
                <Group gap={4} wrap="nowrap" justify="center">
                  <IconSparkles size={14} aria-hidden="true" />
                  <span>{t('catalogue.search.semantic')}</span>
                </Group>
              ),
            },
          ]}
          data-testid="search-mode"
        />
      </Tooltip>
      {indexing && progress && filters.embeddingSearch ? (
        <Text size="xs" c="dimmed" role="status" data-testid="index-status">
          {t(
            kind === 'videos'
              ? 'catalogue.search.indexingVideos'
              : 'catalogue.search.indexingClips',
            {
              percent: formatNumber(Math.floor((progress.indexed / progress.total) * 100) / 100, {
                style: 'percent',
              }),
            },
          )}
        </Text>
      ) : null}
      {unavailable && filters.embeddingSearch ? (
        <Text size="xs" c="orange" role="status">
          {t('catalogue.search.unavailable')}
        </Text>
      ) : null}
    </Group>
  );
}

/** The order of the results; relevance (best match first) is there while words are searched. */
export function SortSelect() {
  const { t } = useTranslation();
  const { filters, setFilters } = useClipFilters();
  const searching = hasTextSearch(filters);
  return (
    <Select
      w={190}
      aria-label={t('catalogue.sort.label')}
      leftSection={
        <Text size="xs" c="dimmed" pl={4}>
          {t('catalogue.sort.short')}
        </Text>
      }
      leftSectionWidth={56}
      allowDeselect={false}
      value={filters.sortBy}
      onChange={(value) => value && setFilters({ sortBy: value })}
      data={SORT_OPTIONS.filter((value) => value !== 'relevance' || searching).map((value) => ({
        value,
        label: t(`catalogue.sort.${value}`),
      }))}
      data-testid="sort-select"
    />
  );
}
