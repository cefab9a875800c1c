import {
  Button,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDatesProvider } from '@/components/ui/dates-provider';

import { PRIORITIES, type CardFields } from '../../../../server/contracts/kanban';
import type { CardRow } from '../local/tables';
import { CardConflicts } from './card-conflicts';
import {
  changedFields,
  dueToDay,
  toFormValues,
  validateCard,
  type CardFormValues,
  type FormErrors,
} from './card-form';
import { ChecklistEditor } from './checklist-editor';
import { ConfirmDialog } from './confirm-dialog';

interface CardDrawerProps {
  card: CardRow | undefined;
  columnName: string;
  opened: boolean;
  onClose: () => void;
  onSave: (cardId: string, patch: Partial<CardFields>) => void;
  onDelete: (cardId: string) => void;
  knownAssignees: string[];
  knownLabels: string[];
  /** a viewer's board: the card is shown, nothing can be changed */
  readOnly?: boolean;
  /** the signed-in user (a conflict's side that is theirs reads "yours") */
  selfId?: string;
  onResolve?: (cardId: string, conflictId: string, keep: 'yours' | 'theirs') => void;
  /** the other people who have this card open now */
  openBy?: string[];
}

export function CardDrawer({ card, opened, onClose, columnName, ...props }: CardDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={card ? t('kanban.drawer.title', { column: columnName }) : t('kanban.drawer.gone')}
      data-testid="card-drawer"
    >
      {card ? (
        <Stack gap="md">
          {props.openBy?.length ? (
            <Text size="sm" c="dimmed" data-testid="drawer-presence">
              {t('kanban.presence.openBy', { names: props.openBy.join(', ') })}
            </Text>
          ) : null}
          <CardConflicts
            conflicts={card.conflicts ?? []}
            selfId={props.selfId}
            onResolve={
              props.readOnly || !props.onResolve
                ? null
                : (conflictId, keep) => props.onResolve!(card.id, conflictId, keep)
            }
          />
          {/* a resolved conflict may change the card: the form starts again from it */}
          <CardForm
            key={`${card.id}:${card.conflicts?.length ?? 0}`}
            card={card}
            onClose={onClose}
            {...props}
          />
        </Stack>
      ) : (
        <Text c="dimmed">{t('kanban.drawer.goneText')}</Text>
      )}
    </Drawer>
  );
}

type FormProps = Omit<CardDrawerProps, 'opened' | 'columnName' | 'card'> & { card: CardRow };

function CardForm({
  card,
  onClose,
  onSave,
  onDelete,
  knownAssignees,
  knownLabels,
  readOnly = false,
}: FormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CardFormValues>(() => toFormValues(card));
  const [errors, setErrors] = useState<FormErrors>({});
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof CardFormValues>(key: K, value: CardFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === 'dueDay' ? 'due' : key;
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([k]) => k !== field && !k.startsWith(`${field}.`)),
      ),
    );
  };
  const message = (field: string) =>
    errors[field] ? t(`kanban.errors.${errors[field]}`) : undefined;
  const itemErrors: Record<number, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    const match = /^checklist\.(\d+)$/.exec(key);
    if (match) itemErrors[Number(match[1])] = t(`kanban.errors.${value}`);
  }

  const save = () => {
    const result = validateCard(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    // the drawer edits the day: a due time on an unchanged day is kept as it was
    const fields =
      values.dueDay === dueToDay(card.due) ? { ...result.fields, due: card.due } : result.fields;
    const patch = changedFields(card, fields);
    if (Object.keys(patch).length > 0) onSave(card.id, patch);
    onClose();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <TextInput
            label={t('kanban.drawer.name')}
            required
            value={values.name}
            error={message('name')}
            onChange={(event) => set('name', event.currentTarget.value)}
            data-testid="card-name"
          />
          <Textarea
            label={t('kanban.drawer.description')}
            autosize
            minRows={3}
            maxRows={10}
            value={values.description}
            error={message('description')}
            onChange={(event) => set('description', event.currentTarget.value)}
          />
          <TagsInput
            label={t('kanban.drawer.assignees')}
            placeholder={t('kanban.drawer.assigneesPlaceholder')}
            data={knownAssignees}
            value={values.assignees}
            error={message('assignees')}
            onChange={(value) => set('assignees', value)}
            clearable
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="card-priority-label">
              {t('kanban.drawer.priority')}
            </Text>
            <SegmentedControl
              aria-labelledby="card-priority-label"
              value={values.priority}
              onChange={(value) => set('priority', value)}
              data={PRIORITIES.map((p) => ({ value: p, label: t(`kanban.priority.${p}`) }))}
            />
            {message('priority') ? (
              <Text size="xs" c="red">
                {message('priority')}
              </Text>
            ) : null}
          </Stack>
          <AppDatesProvider>
            <DatePickerInput
              label={t('kanban.drawer.due')}
              placeholder={t('kanban.drawer.duePlaceholder')}
              leftSection={<IconCalendar size={16} />}
              clearable
              value={values.dueDay}
              error={message('due')}
              onChange={(value) => set('dueDay', value ? String(value).slice(0, 10) : null)}
            />
          </AppDatesProvider>
          <TagsInput
            label={t('kanban.drawer.labels')}
            placeholder={t('kanban.drawer.labelsPlaceholder')}
            data={knownLabels}
            value={values.labels}
            error={message('labels')}
            onChange={(value) => set('labels', value)}
            clearable
          />
          <ChecklistEditor
            items={values.checklist}
            errors={itemErrors}
            onChange={(items) => set('checklist', items)}
          />
          {message('checklist') ? (
            <Text size="xs" c="red">
              {message('checklist')}
            </Text>
          ) : null}
          <Switch
            label={t('kanban.drawer.completed')}
            checked={values.completed}
            onChange={(event) => set('completed', event.currentTarget.checked)}
          />
          {readOnly ? null : (
            <Group justify="space-between" mt="sm">
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
                data-testid="delete-card"
              >
                {t('kanban.card.delete')}
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  {t('kanban.actions.cancel')}
                </Button>
                <Button type="submit" data-testid="save-card">
                  {t('kanban.actions.save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </fieldset>
      <ConfirmDialog
        opened={confirming}
        title={t('kanban.card.deleteTitle')}
        message={t('kanban.card.deleteText', { name: card.name })}
        confirmLabel={t('kanban.card.delete')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          onDelete(card.id);
          onClose();
        }}
      />
    </form>
  );
}
