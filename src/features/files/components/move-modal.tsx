import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Modal,
  NavLink,
  ScrollArea,
  Skeleton,
  Text,
} from '@mantine/core';
import { IconFolderFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fileListQuery } from '../api/files-api';

interface MoveModalProps {
  ids: string[];
  opened: boolean;
  pending: boolean;
  onMove: (parentId: string | null) => void;
  onClose: () => void;
}

/** Picks a folder of the caller's own tree (never one of the items being moved). */
export function MoveModal({ ids, opened, pending, onMove, onClose }: MoveModalProps) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState<string | null>(null);
  const list = useQuery({
    ...fileListQuery({
      view: 'folder',
      parentId: folder ?? undefined,
      sort: 'name',
      order: 'asc',
      limit: 1000,
    }),
    enabled: opened,
  });
  const folders = (list.data?.items ?? []).filter(
    (i) => i.kind === 'folder' && !ids.includes(i.id),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('files.move.title', { count: ids.length })}
      centered
    >
      <Breadcrumbs mb="xs">
        <Anchor component="button" type="button" onClick={() => setFolder(null)}>
          {t('files.views.folder')}
        </Anchor>
        {(list.data?.path ?? []).map((p) => (
          <Anchor key={p.id} component="button" type="button" onClick={() => setFolder(p.id)}>
            {p.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      <ScrollArea.Autosize mah={300}>
        {list.isPending ? (
          <Skeleton h={120} />
        ) : folders.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            {t('files.move.noFolders')}
          </Text>
        ) : (
          folders.map((f) => (
            <NavLink
              key={f.id}
              label={f.name}
              leftSection={<IconFolderFilled size={18} color="var(--mantine-color-yellow-5)" />}
              onClick={() => setFolder(f.id)}
            />
          ))
        )}
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('files.actions.cancel')}
        </Button>
        <Button loading={pending} onClick={() => onMove(folder)}>
          {t('files.move.here')}
        </Button>
      </Group>
    </Modal>
  );
}
