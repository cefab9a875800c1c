import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChecklistItem } from '../../../../server/contracts/kanban';

interface ChecklistEditorProps {
  items: ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
  /** translated error per item index */
  errors: Record<number, string>;
}

export function ChecklistEditor({ items, onChange, errors }: ChecklistEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const done = items.filter((item) => item.done).length;
  const set = (index: number, patch: Partial<ChecklistItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const add = () => {
    if (!draft.trim()) return;
    onChange([...items, { id: crypto.randomUUID(), text: draft.trim(), done: false }]);
    setDraft('');
  };
  return (
    <Stack gap="xs" role="group" aria-label={t('kanban.drawer.checklist')}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('kanban.drawer.checklist')}
        </Text>
        {items.length > 0 ? (
          <Text size="xs" c="dimmed" data-testid="checklist-progress">
            {t('kanban.card.checklistProgress', { done, total: items.length })}
          </Text>
        ) : null}
      </Group>
      {items.length > 0 ? (
        <Progress
          value={(done / items.length) * 100}
          color={done === items.length ? 'teal' : undefined}
          aria-label={t('kanban.card.checklistProgress', { done, total: items.length })}
        />
      ) : null}
      {items.map((item, index) => (
        <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
          <Checkbox
            mt={8}
            checked={item.done}
            onChange={(event) => set(index, { done: event.currentTarget.checked })}
            aria-label={t('kanban.drawer.itemDone', { text: item.text })}
          />
          <TextInput
            style={{ flex: 1 }}
            size="sm"
            value={item.text}
            error={errors[index]}
            aria-label={t('kanban.drawer.itemText', { position: index + 1 })}
            onChange={(event) => set(index, { text: event.currentTarget.value })}
          />
          <ActionIcon
            mt={4}
            variant="subtle"
            color="red"
            aria-label={t('kanban.drawer.itemRemove', { text: item.text })}
            onClick={() => onChange(items.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          size="sm"
          value={draft}
          placeholder={t('kanban.drawer.itemPlaceholder')}
          aria-label={t('kanban.drawer.itemNew')}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={!draft.trim()}
        >
          {t('kanban.drawer.itemAdd')}
        </Button>
      </Group>
    </Stack>
  );
}
