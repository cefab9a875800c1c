// A card's conflict records (docs/live.md, Merges): an offline edit that overwrote someone
// else's newer value, shown as both values side by side, resolved in one click (keep one side;
// the change goes through the sync queue like any other). Each side is named from the
// reader's point of view: "yours" for their own, the other person's name otherwise.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { formatDate } from '@/lib/i18n';

import type { ConflictRecord, ConflictSide } from '../../../../server/contracts/live';

interface CardConflictsProps {
  conflicts: ConflictRecord[];
  selfId: string | undefined;
  /** null for a viewer: the records are shown, not resolved */
  onResolve: ((conflictId: string, keep: 'yours' | 'theirs') => void) | null;
}

function shown(value: unknown, field: string, t: TFunction): string {
  if (value === null || value === undefined || value === '') return t('kanban.conflict.empty');
  if (typeof value === 'boolean') return t(value ? 'kanban.conflict.yes' : 'kanban.conflict.no');
  if (field === 'due' && typeof value === 'string')
    return formatDate(value, { day: 'numeric', month: 'short', year: 'numeric' });
  if (field === 'priority' && typeof value === 'string') return t(`kanban.priority.${value}`);
  if (Array.isArray(value))
    return value.length
      ? value
          .map((v) =>
            v && typeof v === 'object' && 'text' in v
              ? String((v as { text: unknown }).text)
              : String(v),
          )
          .join(', ')
      : t('kanban.conflict.empty');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function CardConflicts({ conflicts, selfId, onResolve }: CardConflictsProps) {
  const { t } = useTranslation();
  if (!conflicts.length) return null;
  const whose = (side: ConflictSide) =>
    side.by.id === selfId ? t('kanban.conflict.mine') : side.by.name;
  return (
    <Stack gap="sm" data-testid="card-conflicts">
      {conflicts.map((record) => {
        const deleted = record.field === 'deleted';
        const field = deleted ? '' : t(`kanban.conflict.fields.${record.field}`);
        const headline = deleted
          ? t('kanban.conflict.deleted', { name: record.theirs.by.name })
          : record.yours.by.id === selfId
            ? t('kanban.conflict.whileOffline', { name: record.theirs.by.name, field })
            : t('kanban.conflict.replaced', {
                name: record.yours.by.name,
                field,
                other: whose(record.theirs),
              });
        return (
          <Alert
            key={record.id}
            color="orange"
            variant="light"
            icon={<IconGitMerge size={18} />}
            title={headline}
            data-testid="conflict"
          >
            {deleted ? null : (
              <Stack gap={4} mb="xs">
                <Text size="sm">
                  <Text span fw={600} inherit>
                    {t('kanban.conflict.side', { who: whose(record.yours) })}
                  </Text>{' '}
                  <bdi data-testid="conflict-yours">
                    {shown(record.yours.value, record.field, t)}
                  </bdi>
                </Text>
                <Text size="sm">
                  <Text span fw={600} inherit>
                    {t('kanban.conflict.side', { who: whose(record.theirs) })}
                  </Text>{' '}
                  <bdi data-testid="conflict-theirs">
                    {shown(record.theirs.value, record.field, t)}
                  </bdi>
                </Text>
              </Stack>
            )}
            {onResolve ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  onClick={() => onResolve(record.id, 'yours')}
                  data-testid="keep-yours"
                >
                  {deleted
                    ? t('kanban.conflict.keepCard')
                    : t('kanban.conflict.keep', { who: whose(record.yours) })}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onResolve(record.id, 'theirs')}
                  data-testid="keep-theirs"
                >
                  {deleted
                    ? t('kanban.conflict.deleteCard')
                    : t('kanban.conflict.keep', { who: whose(record.theirs) })}
                </Button>
              </Group>
            ) : null}
          </Alert>
        );
      })}
    </Stack>
  );
}
