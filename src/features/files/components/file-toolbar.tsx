import {
  ActionIcon,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  NavLink,
  Select,
  SegmentedControl,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconClock,
  IconFolder,
  IconLayoutGrid,
  IconList,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconStar,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FILE_SORTS, FILE_VIEWS } from '../../../../server/contracts/files';
import type { useFilesParams } from './use-files-params';

type Params = ReturnType<typeof useFilesParams>;
const VIEW_ICONS = {
  folder: IconFolder,
  recent: IconClock,
  favourites: IconStar,
  shared: IconUsers,
  trash: IconTrash,
  search: IconSearch,
};
export const NAV_VIEWS = FILE_VIEWS.filter((v) => v !== 'search');

/** The views (My files, Recent, Favourites, Shared with me, Trash) as a side list. */
export function FileViewsNav({ params }: { params: Params }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} component="nav" aria-label={t('files.viewsLabel')}>
      {NAV_VIEWS.map((view) => {
        const Icon = VIEW_ICONS[view];
        return (
          <NavLink
            key={view}
            label={t(`files.views.${view}`)}
            leftSection={<Icon size={18} />}
            active={params.view === view && !(view === 'folder' && params.q)}
            onClick={() => params.setView(view)}
          />
        );
      })}
    </Stack>
  );
}

export function FileToolbar({
  params,
  path,
}: {
  params: Params;
  path: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(params.q);
  const pushSearch = useDebouncedCallback((q: string) => params.setSearch(q.trim()), 300);
  return (
    <Stack gap="xs">
      <Select
        hiddenFrom="sm"
        aria-label={t('files.viewsLabel')}
        data={NAV_VIEWS.map((v) => ({ value: v, label: t(`files.views.${v}`) }))}
        value={params.view === 'search' ? 'folder' : params.view}
        onChange={(v) => v && params.setView(v)}
        allowDeselect={false}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap' }}>
          <Anchor
            component="button"
            type="button"
            onClick={() => params.setView(params.view === 'folder' ? 'folder' : params.view)}
          >
            {t(`files.views.${params.view}`)}
          </Anchor>
          {path.map((p) => (
            <Anchor
              key={p.id}
              component="button"
              type="button"
              onClick={() => params.openFolder(p.id)}
            >
              {p.name}
            </Anchor>
          ))}
        </Breadcrumbs>
        <Group gap="xs" wrap="wrap">
          <TextInput
            aria-label={t('files.search')}
            placeholder={t('files.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            aria-label={t('files.sortLabel')}
            data={FILE_SORTS.map((s) => ({ value: s, label: t(`files.sort.${s}`) }))}
            value={params.sort}
            onChange={(v) => v && params.setSort(v, params.order)}
            allowDeselect={false}
            w={130}
          />
          <Tooltip label={t(params.order === 'asc' ? 'files.order.asc' : 'files.order.desc')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t(params.order === 'asc' ? 'files.order.asc' : 'files.order.desc')}
              onClick={() => params.setSort(params.sort, params.order === 'asc' ? 'desc' : 'asc')}
            >
              {params.order === 'asc' ? (
                <IconSortAscending size={18} />
              ) : (
                <IconSortDescending size={18} />
              )}
            </ActionIcon>
          </Tooltip>
          <SegmentedControl
            aria-label={t('files.layoutLabel')}
            value={params.layout}
            onChange={(v) => params.setLayout(v === 'list' ? 'list' : 'grid')}
            data={[
              {
                value: 'grid',
                label: <IconLayoutGrid size={16} aria-label={t('files.layout.grid')} />,
              },
              { value: 'list', label: <IconList size={16} aria-label={t('files.layout.list')} /> },
            ]}
          />
        </Group>
      </Group>
    </Stack>
  );
}

export function BulkBar({
  count,
  trash,
  onCommand,
  onClear,
}: {
  count: number;
  trash: boolean;
  onCommand: (command: 'move' | 'favourite' | 'trash' | 'restore' | 'delete' | 'download') => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Group
      gap="xs"
      p="xs"
      bg="var(--mantine-primary-color-light)"
      style={{ borderRadius: 8 }}
      role="toolbar"
      aria-label={t('files.bulk.label')}
    >
      <Button size="xs" variant="subtle" onClick={onClear}>
        {t('files.bulk.selected', { count })}
      </Button>
      {trash ? (
        <>
          <Button size="xs" onClick={() => onCommand('restore')}>
            {t('files.actions.restore')}
          </Button>
          <Button size="xs" color="red" onClick={() => onCommand('delete')}>
            {t('files.actions.delete')}
          </Button>
        </>
      ) : (
        <>
          <Button size="xs" variant="default" onClick={() => onCommand('download')}>
            {t('files.actions.download')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onCommand('move')}>
            {t('files.actions.move')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onCommand('favourite')}>
            {t('files.actions.favourite')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => onCommand('trash')}>
            {t('files.actions.trash')}
          </Button>
        </>
      )}
    </Group>
  );
}
