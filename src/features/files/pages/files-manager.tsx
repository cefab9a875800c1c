import '@mantine/dropzone/styles.layer.css';

import { Button, Grid, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconFolderPlus, IconTrashX } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { api } from '@/lib/api-client';

import type { FileItem, FileList } from '../../../../server/contracts/files';
import { fileKeys, linkUrl } from '../api/files-api';
import { FileGrid } from '../components/file-grid';
import { FilePreview } from '../components/file-preview';
import { FileTable } from '../components/file-table';
import { BulkBar, FileToolbar, FileViewsNav } from '../components/file-toolbar';
import type { ItemCommand } from '../components/item-menu';
import { MoveModal } from '../components/move-modal';
import { NameModal } from '../components/name-modal';
import { ShareModal } from '../components/share-modal';
import { UploadPanel } from '../components/upload-panel';
import { useFileActions } from '../components/use-file-actions';
import { useFilesParams } from '../components/use-files-params';
import { useUploadQueue } from '../upload/use-upload-queue';

const PAGE = 200;

function download(item: FileItem) {
  if (!item.urls) return;
  const link = document.createElement('a');
  link.href = linkUrl(item.urls.download);
  link.download = item.name;
  link.click();
}

export default function FilesManagerPage() {
  const { t } = useTranslation();
  const params = useFilesParams();
  const [selected, setSelected] = useState<string[]>([]);
  const [preview, setPreview] = useState<FileItem | null>(null);
  const [sharing, setSharing] = useState<FileItem | null>(null);
  const [naming, setNaming] = useState<{ item?: FileItem } | null>(null);
  const [moving, setMoving] = useState<string[] | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [showUpload, setShowUpload] = useState(false);
  const actions = useFileActions(() => setSelected([]));
  const { queue, entries } = useUploadQueue();

  const list = useInfiniteQuery({
    queryKey: [...fileKeys.all, 'pages', params.query],
    queryFn: ({ pageParam, signal }) =>
      api
        .get('/api/files/items', {
          searchParams: Object.fromEntries(
            Object.entries({ ...params.query, limit: PAGE, offset: pageParam }).filter(
              ([, v]) => v !== undefined,
            ),
          ) as Record<string, string | number>,
          signal,
        })
        .json<FileList>(),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const first = list.data?.pages[0];
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const canAdd =
    params.view === 'folder' &&
    !params.q &&
    (first?.folderRole === 'owner' || first?.folderRole === 'editor');
  const parentId = params.folderId ?? null;
  const byId = (ids: string[]) => items.filter((i) => ids.includes(i.id));

  const onCommand = (command: ItemCommand, item: FileItem) => {
    if (command === 'open')
      return item.kind === 'folder' ? params.openFolder(item.id) : setPreview(item);
    if (command === 'download') return download(item);
    if (command === 'rename') return setNaming({ item });
    if (command === 'move') return setMoving([item.id]);
    if (command === 'share') return setSharing(item);
    if (command === 'favourite')
      return actions.favourite.mutate({ ids: [item.id], favourite: !item.favourite });
    if (command === 'trash') return actions.trash.mutate([item.id]);
    if (command === 'restore') return actions.restore.mutate([item.id]);
    return actions.remove.mutate([item.id]);
  };
  const onBulk = (command: 'move' | 'favourite' | 'trash' | 'restore' | 'delete' | 'download') => {
    const own = byId(selected)
      .filter((i) => i.role === 'owner')
      .map((i) => i.id);
    if (command === 'download')
      return byId(selected)
        .filter((i) => i.kind === 'file')
        .forEach(download);
    if (command === 'move') return setMoving(own);
    if (command === 'favourite') return actions.favourite.mutate({ ids: own, favourite: true });
    if (command === 'trash') return actions.trash.mutate(own);
    if (command === 'restore') return actions.restore.mutate(selected);
    return actions.remove.mutate(selected);
  };
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('files.title')}
        </Title>
        <Group gap="xs">
          {params.view === 'trash' && items.length > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrashX size={16} />}
              onClick={() => setConfirmEmpty(true)}
            >
              {t('files.actions.emptyTrash')}
            </Button>
          ) : null}
          {canAdd ? (
            <>
              <Button
                variant="default"
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => setNaming({})}
              >
                {t('files.actions.newFolder')}
              </Button>
              <Button
                leftSection={<IconCloudUpload size={16} />}
                onClick={() => setShowUpload((v) => !v)}
                aria-expanded={showUpload}
              >
                {t('files.actions.upload')}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 3, lg: 2 }} visibleFrom="sm">
          <FileViewsNav params={params} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9, lg: 10 }}>
          <Stack gap="sm">
            <FileToolbar params={params} path={first?.path ?? []} />
            {showUpload && canAdd ? (
              <UploadPanel queue={queue} entries={entries} parentId={parentId} />
            ) : null}
            <BulkBar
              count={selected.length}
              trash={params.view === 'trash'}
              onCommand={onBulk}
              onClear={() => setSelected([])}
            />
            <QueryState
              query={list}
              loading={
                <Stack gap="xs" aria-busy="true" role="status" aria-label={t('files.loading')}>
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} h={48} radius="md" />
                  ))}
                </Stack>
              }
              isEmpty={() => items.length === 0}
              empty={
                <Paper withBorder radius="md">
                  <EmptyState
                    headingOrder={2}
                    title={t(`files.empty.${params.q ? 'search' : params.view}.title`)}
                    description={t(`files.empty.${params.q ? 'search' : params.view}.text`)}
                    action={
                      canAdd ? (
                        <Button onClick={() => setShowUpload(true)}>
                          {t('files.actions.upload')}
                        </Button>
                      ) : null
                    }
                  />
                </Paper>
              }
            >
              {() =>
                params.layout === 'grid' ? (
                  <FileGrid
                    items={items}
                    selected={selected}
                    onToggle={toggle}
                    onCommand={onCommand}
                  />
                ) : (
                  <FileTable
                    items={items}
                    selected={selected}
                    onToggle={toggle}
                    onToggleAll={() =>
                      setSelected(selected.length === items.length ? [] : items.map((i) => i.id))
                    }
                    onCommand={onCommand}
                  />
                )
              }
            </QueryState>

            {list.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('files.loadMore', { count: (first?.total ?? 0) - items.length })}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <FilePreview item={preview} onClose={() => setPreview(null)} />
      <ShareModal item={sharing} onClose={() => setSharing(null)} />
      <NameModal
        opened={naming !== null}
        title={naming?.item ? t('files.actions.rename') : t('files.actions.newFolder')}
        initial={naming?.item?.name ?? ''}
        pending={actions.createFolder.isPending || actions.rename.isPending}
        onClose={() => setNaming(null)}
        onSubmit={(name) => {
          const item = naming?.item;
          const close = { onSuccess: () => setNaming(null) };
          if (item) actions.rename.mutate({ id: item.id, name }, close);
          else actions.createFolder.mutate({ name, parentId }, close);
        }}
      />
      <MoveModal
        ids={moving ?? []}
        opened={moving !== null}
        pending={actions.move.isPending}
        onClose={() => setMoving(null)}
        onMove={(target) =>
          actions.move.mutate(
            { ids: moving ?? [], parentId: target },
            { onSuccess: () => setMoving(null) },
          )
        }
      />
      <Modal
        opened={confirmEmpty}
        onClose={() => setConfirmEmpty(false)}
        title={t('files.actions.emptyTrash')}
        centered
      >
        <Text>{t('files.confirmEmpty')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmEmpty(false)}>
            {t('files.actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={actions.emptyTrash.isPending}
            onClick={() =>
              actions.emptyTrash.mutate(undefined, { onSuccess: () => setConfirmEmpty(false) })
            }
          >
            {t('files.actions.emptyTrash')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
