import { ActionIcon, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { formatNumber, formatRelativeTime } from '@/lib/i18n';

import type { CollectionSummary } from '../../../../server/contracts/catalogue';

/** The open collection's name, size and last change, with rename and delete. */
export function CollectionHeader({
  collection,
  onRename,
  onDelete,
}: {
  collection: CollectionSummary;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Title order={2} size="h3" dir="auto">
          {collection.name}
        </Title>
        <Text size="xs" c="dimmed">
          {t('catalogue.collections.clipCount', {
            count: collection.clipCount,
            formatted: formatNumber(collection.clipCount),
          })}{' '}
          ·{' '}
          {t('catalogue.collections.updated', {
            when: formatRelativeTime(collection.updatedAt),
          })}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('catalogue.collections.rename')} withArrow>
          <ActionIcon
            variant="default"
            aria-label={t('catalogue.collections.rename')}
            onClick={onRename}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('common.actions.delete')} withArrow>
          <ActionIcon
            variant="default"
            color="red"
            aria-label={t('catalogue.collections.delete', { name: collection.name })}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
