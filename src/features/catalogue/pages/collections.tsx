import { Button, Group, Modal, NavLink, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFolder, IconFolders, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { QueryState } from '@/components/feedback/query-state';
import { formatNumber } from '@/lib/i18n';
import { notify } from '@/lib/notify';

import {
  createCollectionOptions,
  deleteCollectionOptions,
  renameCollectionOptions,
} from '../api/edit-collections';
import { collectionsOptions } from '../api/get-collections';
import classes from '../components/catalogue.module.css';
import { CollectionClips } from '../components/collection-clips';
import { CollectionHeader } from '../components/collection-header';
import { CollectionNameModal } from '../components/collection-name-modal';
import { PageHeader } from '../components/page-header';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'delete'; id: string; name: string }
  | null;

/**
 * /dashboard/collections: the user's named collections of clips (create, rename, delete); the
 * open one (`?collection=`, else the latest changed) is searched like any listing.
 */
export default function CollectionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery(collectionsOptions());
  const collections = list.data ?? [];
  const asked = params.get('collection');
  const current = collections.find((c) => c.id === asked) ?? collections[0] ?? null;
  // another collection keeps the words and filters, from its first page
  const select = (id: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('collection', id);
        else next.delete('collection');
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const create = useMutation(
    createCollectionOptions({
      onSuccess: (collection) => {
        setDialog(null);
        select(collection.id);
      },
    }),
  );
  const rename = useMutation(renameCollectionOptions({ onSuccess: () => setDialog(null) }));
  const remove = useMutation(
    deleteCollectionOptions({
      onSuccess: () => {
        setDialog(null);
        select(null);
        notify.success(t('catalogue.collections.deleted'));
      },
    }),
  );

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
      <QueryState
        query={list}
        keepData
        loading={
          <Stack gap="xs" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} h={40} radius="md" />
            ))}
          </Stack>
        }
        isEmpty={() => !current}
        empty={
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
        }
      >
        {() =>
          current && (
            <div className={classes.collections}>
              <Paper
                withBorder
                radius="lg"
                p={6}
                component="nav"
                aria-label={t('catalogue.collections.title')}
              >
                {collections.map((collection) => (
                  <NavLink
                    key={collection.id}
                    component="button"
                    active={collection.id === current.id}
                    onClick={() => select(collection.id)}
                    leftSection={<IconFolder size={16} />}
                    label={collection.name}
                    description={t('catalogue.collections.clipCount', {
                      count: collection.clipCount,
                      formatted: formatNumber(collection.clipCount),
                    })}
                    aria-current={collection.id === current.id ? 'page' : undefined}
                  />
                ))}
              </Paper>
              <Stack gap="md" miw={0}>
                <CollectionHeader
                  collection={current}
                  onRename={() => setDialog({ kind: 'rename', id: current.id, name: current.name })}
                  onDelete={() => setDialog({ kind: 'delete', id: current.id, name: current.name })}
                />
                <CollectionClips key={current.id} collection={current} />
              </Stack>
            </div>
          )
        }
      </QueryState>

      {dialog?.kind === 'create' ? (
        <CollectionNameModal
          opened
          title={t('catalogue.collections.new')}
          submitLabel={t('catalogue.collections.create')}
          pending={create.isPending}
          error={create.error}
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
          error={rename.error}
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
