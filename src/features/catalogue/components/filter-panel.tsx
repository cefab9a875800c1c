import {
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '@/lib/auth/use-auth';
import { formatNumber } from '@/lib/i18n';

import type { Facets } from '../../../../server/contracts/catalogue';
import { facetsOptions, type FacetsScope } from '../api/catalogue-queries';
import { ACCESS_LEVELS } from '../filters/clip-filters';
import { useClipFilters } from '../filters/use-clip-filters';

/** Clip-length presets in seconds: [min, max]. */
export const DURATION_PRESETS = {
  short: [null, 30],
  medium: [30, 90],
  long: [90, 180],
} as const satisfies Record<string, readonly [number | null, number]>;
type Preset = keyof typeof DURATION_PRESETS;

function presetOf(min: number | null, max: number | null): Preset | 'any' | 'custom' {
  if (min === null && max === null) return 'any';
  for (const [key, [pMin, pMax]] of Object.entries(DURATION_PRESETS))
    if (pMin === min && pMax === max) return key as Preset;
  return 'custom';
}

function facetOptions(
  items: Facets['people'] | undefined,
  selected: string[],
  known: Map<string, string>,
) {
  const options = (items ?? []).map((item) => ({
    value: item.id,
    label: `${item.name} (${formatNumber(item.count)})`,
  }));
  // a chosen value stays listed even when the other filters leave it no results
  for (const id of selected)
    if (!options.some((o) => o.value === id))
      options.push({ value: id, label: known.get(id) ?? id });
  return options;
}

/**
 * The catalogue's facets for the current filters, counted within the page's listing (a channel,
 * the favourites, a collection); names are remembered for the chips.
 */
export function useFacets(scope?: FacetsScope) {
  const { filters } = useClipFilters();
  return useQuery(facetsOptions(filters, scope));
}

const names = new Map<string, string>();
export function facetName(id: string): string | undefined {
  return names.get(id);
}

export function FilterPanel({ scope }: { scope?: FacetsScope }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const { filters, setFilters } = useClipFilters();
  const facets = useFacets(scope);
  for (const list of [facets.data?.people, facets.data?.tags, facets.data?.videoTags])
    for (const item of list ?? []) names.set(item.id, item.name);

  const [min, setMin] = useState<number | string>(filters.minClipDuration ?? '');
  const [max, setMax] = useState<number | string>(filters.maxClipDuration ?? '');
  useEffect(() => setMin(filters.minClipDuration ?? ''), [filters.minClipDuration]);
  useEffect(() => setMax(filters.maxClipDuration ?? ''), [filters.maxClipDuration]);
  const commitDuration = useDebouncedCallback(
    (key: 'minClipDuration' | 'maxClipDuration', value: number | string) => {
      setFilters({ [key]: typeof value === 'number' && Number.isFinite(value) ? value : null });
    },
    500,
  );

  const videoTagGroups = new Map<string, { value: string; label: string }[]>();
  for (const option of facetOptions(facets.data?.videoTags, filters.videoTagIds, names)) {
    const kind = facets.data?.videoTags.find((v) => v.id === option.value)?.kind ?? 'other';
    const group = t(`catalogue.filters.kinds.${kind}`, { defaultValue: kind });
    videoTagGroups.set(group, [...(videoTagGroups.get(group) ?? []), option]);
  }
  const preset = presetOf(filters.minClipDuration, filters.maxClipDuration);
  const loadingText = facets.isPending ? t('common.loading') : t('catalogue.filters.nothingFound');

  return (
    <Stack gap="md" data-testid="filter-panel">
      <MultiSelect
        label={t('catalogue.filters.people')}
        placeholder={filters.personIds.length ? undefined : t('catalogue.filters.any')}
        data={facetOptions(facets.data?.people, filters.personIds, names)}
        value={filters.personIds}
        onChange={(personIds) => setFilters({ personIds })}
        searchable
        clearable
        nothingFoundMessage={loadingText}
        maxDropdownHeight={280}
      />
      <MultiSelect
        label={t('catalogue.filters.videoTags')}
        placeholder={filters.videoTagIds.length ? undefined : t('catalogue.filters.any')}
        data={[...videoTagGroups].map(([group, items]) => ({ group, items }))}
        value={filters.videoTagIds}
        onChange={(videoTagIds) => setFilters({ videoTagIds })}
        searchable
        clearable
        nothingFoundMessage={loadingText}
        maxDropdownHeight={280}
      />
      <MultiSelect
        label={t('catalogue.filters.tags')}
        placeholder={filters.tagIds.length ? undefined : t('catalogue.filters.any')}
        data={facetOptions(facets.data?.tags, filters.tagIds, names)}
        value={filters.tagIds}
        onChange={(tagIds) => setFilters({ tagIds })}
        searchable
        clearable
        nothingFoundMessage={loadingText}
        maxDropdownHeight={280}
      />

      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('catalogue.filters.premiere')}
        </Text>
        <Group grow gap="xs">
          <TextInput
            type="date"
            label={t('catalogue.filters.after')}
            size="xs"
            value={filters.afterPremiereDate ?? ''}
            min="1900-01-01"
            max="2099-12-31"
            onChange={(event) =>
              setFilters({ afterPremiereDate: event.currentTarget.value || null })
            }
          />
          <TextInput
            type="date"
            label={t('catalogue.filters.before')}
            size="xs"
            value={filters.beforePremiereDate ?? ''}
            min="1900-01-01"
            max="2099-12-31"
            onChange={(event) =>
              setFilters({ beforePremiereDate: event.currentTarget.value || null })
            }
          />
        </Group>
      </div>

      <div>
        <Text size="sm" fw={500} mb={4} id="clip-length-label">
          {t('catalogue.filters.clipLength')}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby="clip-length-label"
          value={preset === 'custom' ? '' : preset}
          onChange={(value) => {
            if (value === 'any') setFilters({ minClipDuration: null, maxClipDuration: null });
            else {
              const [pMin, pMax] = DURATION_PRESETS[value as Preset];
              setFilters({ minClipDuration: pMin, maxClipDuration: pMax });
            }
          }}
          data={[
            { value: 'any', label: t('catalogue.filters.presets.any') },
            { value: 'short', label: t('catalogue.filters.presets.short') },
            { value: 'medium', label: t('catalogue.filters.presets.medium') },
            { value: 'long', label: t('catalogue.filters.presets.long') },
          ]}
        />
        <Group grow gap="xs" mt="xs">
          <NumberInput
            size="xs"
            label={t('catalogue.filters.minSeconds')}
            min={0}
            max={86400}
            allowDecimal={false}
            allowNegative={false}
            value={min}
            onChange={(value) => {
              setMin(value);
              commitDuration('minClipDuration', value);
            }}
          />
          <NumberInput
            size="xs"
            label={t('catalogue.filters.maxSeconds')}
            min={0}
            max={86400}
            allowDecimal={false}
            allowNegative={false}
            value={max}
            onChange={(value) => {
              setMax(value);
              commitDuration('maxClipDuration', value);
            }}
          />
        </Group>
      </div>

      {isAuthenticated ? (
        <div>
          <Text size="sm" fw={500} mb={4} id="access-level-label">
            {t('catalogue.filters.access')}
          </Text>
          <SegmentedControl
            fullWidth
            size="xs"
            aria-labelledby="access-level-label"
            value={filters.accessLevel ?? 'all'}
            onChange={(value) => setFilters({ accessLevel: value === 'all' ? null : value })}
            data={[
              { value: 'all', label: t('catalogue.filters.presets.any') },
              ...ACCESS_LEVELS.map((level) => ({
                value: level,
                label: t(`catalogue.access.${level}`),
              })),
            ]}
          />
        </div>
      ) : null}
    </Stack>
  );
}
