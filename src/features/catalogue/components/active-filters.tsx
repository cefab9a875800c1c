import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { trpc } from '@/lib/trpc';

import { countActiveFilters, type ClipFilters, type ListFilterKey } from '../filters/clip-filters';
import { useClipFilters } from '../filters/use-clip-filters';
import { facetName } from './filter-panel';
import { formatLength, formatPremiere } from './format';

interface Chip {
  key: string;
  label: string;
  remove: Partial<ClipFilters> | ((f: ClipFilters) => Partial<ClipFilters>);
}

/** Every active filter as a removable chip, plus "clear all". */
export function ActiveFilters() {
  const { t } = useTranslation();
  const { filters, setFilters, clear } = useClipFilters();
  const queryClient = useQueryClient();
  if (countActiveFilters(filters) === 0) return null;

  const chips: Chip[] = [];
  const list = (key: ListFilterKey, prefix: string, name: (v: string) => string) => {
    for (const value of filters[key])
      chips.push({
        key: `${key}:${value}`,
        label: `${prefix}: ${name(value)}`,
        remove: (f) => ({ [key]: f[key].filter((v) => v !== value) }),
      });
  };
  list('textArr', t('catalogue.chips.words'), (v) => `“${v}”`);
  list(
    'personIds',
    t('catalogue.filters.people'),
    (v) => facetName(v) ?? t('catalogue.chips.unknown'),
  );
  list(
    'videoTagIds',
    t('catalogue.filters.videoTags'),
    (v) => facetName(v) ?? t('catalogue.chips.unknown'),
  );
  list('tagIds', t('catalogue.filters.tags'), (v) => facetName(v) ?? t('catalogue.chips.unknown'));
  // a film's title is in the cache when the user came from its page (or after a reload: persisted)
  const videoTitle = (videoId: string) =>
    queryClient.getQueryData(trpc.catalogue.video.queryKey({ videoId }))?.title ??
    videoId.slice(0, 8);
  list('videoIds', t('catalogue.chips.video'), videoTitle);
  if (filters.afterPremiereDate)
    chips.push({
      key: 'after',
      label: `${t('catalogue.filters.after')}: ${formatPremiere(filters.afterPremiereDate)}`,
      remove: { afterPremiereDate: null },
    });
  if (filters.beforePremiereDate)
    chips.push({
      key: 'before',
      label: `${t('catalogue.filters.before')}: ${formatPremiere(filters.beforePremiereDate)}`,
      remove: { beforePremiereDate: null },
    });
  if (filters.minClipDuration !== null)
    chips.push({
      key: 'min',
      label: `${t('catalogue.chips.atLeast')} ${formatLength(filters.minClipDuration)}`,
      remove: { minClipDuration: null },
    });
  if (filters.maxClipDuration !== null)
    chips.push({
      key: 'max',
      label: `${t('catalogue.chips.atMost')} ${formatLength(filters.maxClipDuration)}`,
      remove: { maxClipDuration: null },
    });
  if (filters.accessLevel)
    chips.push({
      key: 'access',
      label: `${t('catalogue.filters.access')}: ${t(`catalogue.access.${filters.accessLevel}`)}`,
      remove: { accessLevel: null },
    });

  return (
    <Group
      gap={6}
      aria-label={t('catalogue.chips.label')}
      role="group"
      data-testid="active-filters"
    >
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          size="lg"
          radius="xl"
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          rightSection={
            <CloseButton
              size="xs"
              radius="xl"
              aria-label={t('catalogue.chips.remove', { label: chip.label })}
              onClick={() => setFilters(chip.remove)}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={clear}>
        {t('catalogue.chips.clearAll')}
      </Button>
    </Group>
  );
}
