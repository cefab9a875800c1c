import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NavLink,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconFolder,
  IconFolders,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber, formatRelativeTime } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { trpc } from '@/lib/trpc';

import { ClipRow } from '../components/clip-row';
import { CollectionNameModal } from '../components/collection-name-modal';
import { PageHeader } from '../components/page-header';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'delete'; id: string; name: string }
  | null;

/** /dashboard/collections: named collections of clips (create, rename, delete, remove clips). */
export default function CollectionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery({ ...trpc.collections.list.queryOptions(), meta: { silent: true } });
  const selectedId = params.get('collection') ?? list.data?.[0]?.id ?? null;
  const selected = useQuery({
    ...trpc.collections.get.queryOptions({ collectionId: selectedId ?? '' }),
    enabled: Boolean(selectedId),
    meta: { silent: true },
  });
  const select = (id: string | null) =>
    setParams(id ? { collection: id } : {}, { replace: true, preventScrollReset: true });
  const invalidate = () => queryClient.invalidateQueries(trpc.collections.pathFilter());

  const create = useMutation(
    trpc.collections.create.mutationOptions({
      meta: { silent: true },
      onSuccess: (collection) => {
        setDialog(null);
        select(collection.id);
      },
      onSettled: invalidate,
    }),
  );
  const rename = useMutation(
    trpc.collections.rename.mutationOptions({
      meta: { silent: true },
      onSuccess: () => setDialog(null),
      onSettled: invalidate,
    }),
  );
  const remove = useMutation(
    trpc.collections.delete.mutationOptions({
      onSuccess: (_r, variables) => {
        setDialog(null);
        if (variables.collectionId === selectedId) select(null);
        notify.success(t('catalogue.collections.deleted'));
      },
      onSettled: invalidate,
    }),
  );
  const removeClip = useMutation(
    trpc.collections.removeClip.mutationOptions({ onSettled: invalidate }),
  );

  const collections = list.data ?? [];
  const current = selected.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('catalogue.collections.title')}
        description={t('catalogue.collections.description')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('catalogue.collections.new')}
          </Button>
        }
      />
      <OfflineNotice message={t('catalogue.offline')} />
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? (
        <Stack gap="xs" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={40} radius="md" />
          ))}
        </Stack>
      ) : null}
      {list.data && collections.length === 0 ? (
        <EmptyState
          icon={<IconFolders size={28} />}
          title={t('catalogue.collections.emptyTitle')}
          description={t('catalogue.collections.emptyBody')}
          action={
            <Button variant="light" onClick={() => setDialog({ kind: 'create' })}>
              {t('catalogue.collections.new')}
            </Button>
          }
        />
      ) : null}
      {collections.length > 0 ? (
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Paper
            withBorder
            radius="lg"
            p={6}
            w={{ base: '100%', sm: 260 }}
            component="nav"
            aria-label={t('catalogue.collections.title')}
          >
            {collections.map((collection) => (
              <NavLink
                key={collection.id}
                component="button"
                active={collection.id === selectedId}
                onClick={() => select(collection.id)}
                leftSection={<IconFolder size={16} />}
                label={collection.name}
                description={t('catalogue.collections.clipCount', {
                  count: collection.clipCount,
                  formatted: formatNumber(collection.clipCount),
                })}
                aria-current={collection.id === selectedId ? 'page' : undefined}
              />
            ))}
          </Paper>
          <Stack flex={1} miw={280} gap="md">
            {selected.isPending && selectedId ? <Skeleton h={200} radius="lg" /> : null}
            {selected.isError ? (
              <ErrorState error={selected.error} onRetry={() => void selected.refetch()} />
            ) : null}
            {current ? (
              <>
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Title order={2} size="h3">
                      {current.name}
                    </Title>
                    <Text size="xs" c="dimmed">
                      {t('catalogue.collections.clipCount', {
                        count: current.clipCount,
                        formatted: formatNumber(current.clipCount),
                      })}{' '}
                      ·{' '}
                      {t('catalogue.collections.updated', {
                        when: formatRelativeTime(current.updatedAt),
                      })}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('catalogue.collections.rename')} withArrow>
                      <ActionIcon
                        variant="default"
                        aria-label={t('catalogue.collections.rename')}
                        onClick={() =>
                          setDialog({ kind: 'rename', id: current.id, name: current.name })
                        }
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('common.actions.delete')} withArrow>
                      <ActionIcon
                        variant="default"
                        color="red"
                        aria-label={t('catalogue.collections.delete', { name: current.name })}
                        onClick={() =>
                          setDialog({ kind: 'delete', id: current.id, name: current.name })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                {current.clips.length === 0 ? (
                  <EmptyState
                    icon={<IconFolder size={28} />}
                    title={t('catalogue.collections.noClips')}
                    description={t('catalogue.collections.noClipsBody')}
                    action={
                      <Button component={Link} to={paths.dashboard.clips.path} variant="light">
                        {t('catalogue.favorited.browse.clips')}
                      </Button>
                    }
                  />
                ) : (
                  <Stack gap="lg">
                    {current.clips.map((clip) => (
                      <ClipRow
                        key={clip.id}
                        clip={clip}
                        actions={
                          <Tooltip label={t('catalogue.collections.removeClip')} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('catalogue.collections.removeClipNamed', {
                                title: clip.title,
                              })}
                              onClick={() =>
                                removeClip.mutate({ collectionId: current.id, clipId: clip.id })
                              }
                            >
                              <IconX size={16} />
                            </ActionIcon>
                          </Tooltip>
                        }
                      />
                    ))}
                  </Stack>
                )}
              </>
            ) : null}
          </Stack>
        </Group>
      ) : null}

      {dialog?.kind === 'create' ? (
        <CollectionNameModal
          opened
          title={t('catalogue.collections.new')}
          submitLabel={t('catalogue.collections.create')}
          pending={create.isPending}
          error={create.error ? getErrorMessage(create.error) : undefined}
          onClose={() => setDialog(null)}
          onSubmit={(name) => create.mutate({ name })}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <CollectionNameModal
          opened
          title={t('catalogue.collections.rename')}
          initialName={dialog.name}
          submitLabel={t('common.actions.save')}
          pending={rename.isPending}
          error={rename.error ? getErrorMessage(rename.error) : undefined}
          onClose={() => setDialog(null)}
          onSubmit={(name) => rename.mutate({ collectionId: dialog.id, name })}
        />
      ) : null}
      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={() => setDialog(null)}
        title={t('catalogue.collections.deleteTitle')}
        centered
      >
        <Text size="sm">
          {t('catalogue.collections.deleteBody', {
            name: dialog?.kind === 'delete' ? dialog.name : '',
          })}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDialog(null)}>
            {t('common.actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => dialog?.kind === 'delete' && remove.mutate({ collectionId: dialog.id })}
          >
            {t('common.actions.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
