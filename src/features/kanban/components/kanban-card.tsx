import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Avatar, Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconCalendarDue, IconCircleCheckFilled, IconListCheck } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import type { CardRow } from '@/lib/db';

import classes from './kanban.module.css';

export const PRIORITY_COLORS = { low: 'gray', medium: 'blue', high: 'red' } as const;

/** What a card shows; re-renders only when one of these changes (500 cards stay smooth). */
function CardFaceView({ card }: { card: CardRow }) {
  const { t, i18n } = useTranslation();
  const done = card.checklist.filter((item) => item.done).length;
  return (
    <>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {card.completed ? (
          <IconCircleCheckFilled
            size={18}
            color="var(--mantine-color-teal-6)"
            aria-label={t('kanban.card.completed')}
          />
        ) : null}
        <Text
          size="sm"
          fw={500}
          className={card.completed ? classes.completedName : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {card.name}
        </Text>
      </Group>
      {card.labels.length > 0 ? (
        <Group gap={4} mt={6}>
          {card.labels.map((label) => (
            <Badge key={label} size="xs" variant="light" color="grape">
              {label}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" mt={8} justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Badge size="xs" variant="dot" color={PRIORITY_COLORS[card.priority]}>
            {t(`kanban.priority.${card.priority}`)}
          </Badge>
          {card.due ? (
            <Group gap={2} wrap="nowrap">
              <IconCalendarDue size={14} aria-hidden="true" />
              <Text size="xs" c="dimmed">
                {new Date(card.due).toLocaleDateString(
                  i18n.language === 'ar' ? 'ar-SD' : i18n.language,
                  {
                    day: 'numeric',
                    month: 'short',
                  },
                )}
              </Text>
            </Group>
          ) : null}
          {card.checklist.length > 0 ? (
            <Group
              gap={2}
              wrap="nowrap"
              aria-label={t('kanban.card.checklistProgress', {
                done,
                total: card.checklist.length,
              })}
            >
              <IconListCheck size={14} aria-hidden="true" />
              <Text size="xs" c="dimmed" aria-hidden="true">
                {done}/{card.checklist.length}
              </Text>
            </Group>
          ) : null}
        </Group>
        {card.assignees.length > 0 ? (
          <Avatar.Group spacing="xs">
            {card.assignees.slice(0, 4).map((name) => (
              <Tooltip key={name} label={name} withArrow>
                <Avatar size={22} radius="xl" color="initials" name={name} />
              </Tooltip>
            ))}
          </Avatar.Group>
        ) : null}
      </Group>
      {card.checklist.length > 0 ? (
        <Progress
          mt={8}
          size="xs"
          value={(done / card.checklist.length) * 100}
          color={done === card.checklist.length ? 'teal' : undefined}
          aria-hidden="true"
        />
      ) : null}
    </>
  );
}

function sameFace(a: { card: CardRow }, b: { card: CardRow }) {
  const x = a.card;
  const y = b.card;
  return (
    x === y ||
    (x.name === y.name &&
      x.priority === y.priority &&
      x.due === y.due &&
      x.completed === y.completed &&
      x.labels.join('\n') === y.labels.join('\n') &&
      x.assignees.join('\n') === y.assignees.join('\n') &&
      x.checklist.length === y.checklist.length &&
      x.checklist.every((item, i) => item.done === y.checklist[i]?.done))
  );
}

export const CardFace = memo(CardFaceView, sameFace);

interface KanbanCardProps {
  card: CardRow;
  columnId: string;
  columnName: string;
  /** a column is being dragged: cards are not drop targets then */
  columnDragActive: boolean;
  onOpen: (cardId: string) => void;
}

function KanbanCardView({ card, columnId, columnName, columnDragActive, onOpen }: KanbanCardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    data: { type: 'card', columnId, name: card.name },
    disabled: { draggable: false, droppable: columnDragActive },
  });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? `${classes.card} ${classes.cardDragging}` : classes.card}
      data-testid="kanban-card"
      data-card-id={card.id}
      data-dragging={isDragging || undefined}
      {...attributes}
      role="button"
      tabIndex={0}
      {...listeners}
      aria-roledescription={t('kanban.dnd.cardRole')}
      aria-label={t('kanban.card.label', { name: card.name, column: columnName })}
      onClick={() => onOpen(card.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !isDragging) {
          event.preventDefault();
          onOpen(card.id);
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
    >
      <CardFace card={card} />
    </div>
  );
}

export const KanbanCard = memo(KanbanCardView);
