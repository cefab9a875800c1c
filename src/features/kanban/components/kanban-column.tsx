import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Menu, Text, Title } from '@mantine/core';
import {
  IconDots,
  IconEraser,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

import type { CardRow, ColumnRow } from '../local/tables';
import { AddCardForm } from './add-card-form';
import { KanbanCard } from './kanban-card';
import classes from './kanban.module.css';
import { NameFormPart } from './name-form-part';
import { useCardWindow } from './use-card-window';

export interface ColumnActions {
  onOpenCard: (cardId: string) => void;
  onRename: (columnId: string, name: string) => void;
  onClear: (column: ColumnRow) => void;
  onDelete: (column: ColumnRow) => void;
  onAddCard: (columnId: string, name: string) => void;
}

interface KanbanColumnProps extends ColumnActions {
  column: ColumnRow;
  cards: CardRow[];
  activeType: 'card' | 'column' | null;
  /** the card being dragged, if any (kept drawn while it is) */
  activeId: string | null;
  /** a viewer's board: no handle, no menu, no "add card" */
  readOnly?: boolean;
  /** who has which card open (presence), by card id */
  openBy?: Record<string, string[]>;
}

function KanbanColumnView({
  column,
  cards,
  activeType,
  activeId,
  readOnly = false,
  openBy,
  ...actions
}: KanbanColumnProps) {
  const { t, i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? LANGUAGE_META[i18n.language].intl : i18n.language;
  const [renaming, setRenaming] = useState(false);
  const [adding, setAdding] = useState(false);
  const sortable = useSortable({
    id: column.id,
    data: { type: 'column', name: column.name },
    disabled: { draggable: readOnly, droppable: activeType === 'card' },
  });
  const body = useDroppable({
    id: `body:${column.id}`,
    data: { type: 'column-body', columnId: column.id, name: column.name },
    disabled: activeType === 'column',
  });
  const cardIds = cards.map((c) => c.id);
  const cardWindow = useCardWindow(cardIds, activeId ? cardIds.indexOf(activeId) : -1);
  const { scrollRef, reveal } = cardWindow;
  // a card added from this column's form lands at its end: scroll to it once it is in the list
  const revealFrom = useRef<number | null>(null);
  useEffect(() => {
    if (revealFrom.current !== null && cards.length > revealFrom.current) {
      revealFrom.current = null;
      reveal(cards.length - 1);
    }
  }, [cards.length, reveal]);
  const setBodyNode = body.setNodeRef;
  const bodyRef = useCallback(
    (node: HTMLDivElement | null) => {
      setBodyNode(node);
      scrollRef.current = node;
    },
    [setBodyNode, scrollRef],
  );
  const renderCard = (index: number) => {
    const card = cards[index]!;
    return (
      <KanbanCard
        key={card.id}
        card={card}
        index={index}
        measure={cardWindow.measure}
        columnId={column.id}
        columnName={column.name}
        columnDragActive={activeType === 'column'}
        readOnly={readOnly}
        openBy={openBy?.[card.id]}
        onOpen={actions.onOpenCard}
        t={t}
        locale={locale}
      />
    );
  };

  return (
    <section
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      className={
        sortable.isDragging ? `${classes.column} ${classes.columnDragging}` : classes.column
      }
      aria-label={column.name}
      data-testid="kanban-column"
      data-column-id={column.id}
      data-dragging={sortable.isDragging || undefined}
    >
      <div className={classes.columnHeader}>
        {readOnly ? null : (
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.handle}
            {...sortable.attributes}
            {...sortable.listeners}
            aria-roledescription={t('kanban.dnd.columnRole')}
            aria-label={t('kanban.column.move', { name: column.name })}
            data-testid="column-handle"
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        {renaming ? (
          <NameFormPart
            wanted
            initial={column.name}
            label={t('kanban.column.nameLabel')}
            submitLabel={t('kanban.actions.save')}
            onSubmit={(name) => {
              if (name !== column.name) actions.onRename(column.id, name);
              setRenaming(false);
            }}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <>
            <Title order={2} size="h6" style={{ flex: 1, overflowWrap: 'anywhere' }}>
              {column.name}
            </Title>
            <Badge
              variant="light"
              color="gray"
              aria-label={t('kanban.column.count', { count: cards.length })}
              data-testid="column-count"
            >
              {cards.length}
            </Badge>
            {readOnly ? null : (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('kanban.column.actions', { name: column.name })}
                    data-testid="column-menu"
                  >
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setRenaming(true)}
                  >
                    {t('kanban.column.rename')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
                    {t('kanban.card.add')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconEraser size={14} />}
                    disabled={cards.length === 0}
                    onClick={() => actions.onClear(column)}
                  >
                    {t('kanban.column.clear')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => actions.onDelete(column)}
                  >
                    {t('kanban.column.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </>
        )}
      </div>
      <div ref={bodyRef} className={classes.cards} data-testid="column-cards">
        <SortableContext id={column.id} items={cardIds} strategy={verticalListSortingStrategy}>
          <div
            className={classes.cardWindow}
            style={{ paddingTop: cardWindow.before, paddingBottom: cardWindow.after }}
          >
            {cardWindow.items.map((item) => renderCard(item.index))}
          </div>
          {cardWindow.kept ? (
            <div className={classes.keptCard}>{renderCard(cardWindow.kept.index)}</div>
          ) : null}
        </SortableContext>
        {cards.length === 0 && !adding ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('kanban.column.empty')}
          </Text>
        ) : null}
      </div>
      {readOnly ? null : (
        <Group p="xs" pt={0}>
          {adding ? (
            <AddCardForm
              onSubmit={(name) => {
                revealFrom.current = cards.length;
                actions.onAddCard(column.id, name);
              }}
              onClose={() => setAdding(false)}
            />
          ) : (
            <Button
              variant="subtle"
              color="gray"
              fullWidth
              justify="flex-start"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
              data-testid="add-card"
            >
              {t('kanban.card.add')}
            </Button>
          )}
        </Group>
      )}
    </section>
  );
}

export const KanbanColumn = memo(KanbanColumnView);
