// The board's drag and drop (dnd-kit): cards within and between columns, and columns.
// Pointer (5 px before a drag starts, so a click opens the card), touch (a 250 ms press, so
// a swipe still scrolls the board) and keyboard (Space picks up, arrows move, Space/Enter
// drops, Escape cancels). The keyboard moves by where things are on screen and the column
// strategy works from measured rects, so left and right stay right in RTL. While dragging,
// only the draft order changes; the drop queues one intent through the sync queue.
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { Paper, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

import type { BoardView } from '../local/board-store';
import type { CardRow, ColumnRow } from '../local/tables';
import {
  moveAcross,
  moveColumnInDraft,
  moveWithin,
  placeOf,
  type BoardDraft,
  type Target,
} from './board-draft';
import { CardFace } from './kanban-card';
import { KanbanColumn, type ColumnActions } from './kanban-column';
import classes from './kanban.module.css';
import { useDndAnnouncements, type BoardNames } from './use-announcements';

interface KanbanBoardProps extends ColumnActions {
  board: BoardView;
  /** resolves false when the move could not be saved (the board then shows Dexie again) */
  onMoveCard: (cardId: string, columnId: string, index: number) => Promise<boolean>;
  onMoveColumn: (columnId: string, index: number) => Promise<boolean>;
  /** the "add column" tile after the last column */
  trailing?: ReactNode;
  /** a viewer's board: nothing can be picked up (no sensors, no handles) */
  readOnly?: boolean;
  /** who has which card open (presence), by card id */
  openBy?: Record<string, string[]>;
}

type Active = { id: string; type: 'card' | 'column' } | null;

function toDraft(board: BoardView): BoardDraft {
  const cardIds: Record<string, string[]> = {};
  for (const column of board.columns)
    cardIds[column.id] = column.cardIds.filter((id) => board.cards[id]);
  return { order: board.columns.map((c) => c.id), cardIds };
}

const targetOf = (over: DragOverEvent['over']): Target | null =>
  over
    ? {
        id: String(over.id),
        type: over.data.current?.type as Target['type'],
        columnId: over.data.current?.columnId as string | undefined,
      }
    : null;

export function KanbanBoard({
  board,
  onMoveCard,
  onMoveColumn,
  trailing,
  readOnly = false,
  openBy,
  ...actions
}: KanbanBoardProps) {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState<Active>(null);
  const [draft, setDraft] = useState<BoardDraft | null>(null);
  const settling = useRef(false);
  const origin = useRef<{ columnId: string; index: number } | null>(null);
  const base = useMemo(() => toDraft(board), [board]);
  const view = draft ?? base;

  // after a drop the draft stays on screen until Dexie shows the queued change (no flicker)
  useEffect(() => {
    if (settling.current) {
      settling.current = false;
      setDraft(null);
    }
  }, [board]);

  const columnsById = useMemo(() => new Map(board.columns.map((c) => [c.id, c])), [board.columns]);
  const names = useRef<BoardNames>({ draft: view, columnName: () => '' });
  names.current = {
    ...names.current,
    draft: view,
    columnName: (id: string) => columnsById.get(id)?.name ?? '',
  };
  const accessibility = useDndAnnouncements(names);

  const pointer = useSensor(PointerSensor, { activationConstraint: { distance: 5 } });
  const touch = useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } });
  const keyboard = useSensor(KeyboardSensor, {
    coordinateGetter: sortableKeyboardCoordinates,
    keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
  });
  const writableSensors = useSensors(pointer, touch, keyboard);
  const noSensors = useSensors();
  const sensors = readOnly ? noSensors : writableSensors;

  const update = (next: BoardDraft) => {
    names.current.draft = next;
    setDraft(next);
  };

  const onDragStart = ({ active: item }: DragStartEvent) => {
    const type = item.data.current?.type === 'column' ? 'column' : 'card';
    settling.current = false;
    setActive({ id: String(item.id), type });
    origin.current = type === 'card' ? (placeOf(base, String(item.id)) ?? null) : null;
    update(base);
  };

  const onDragOver = ({ active: item, over, delta }: DragOverEvent) => {
    const target = targetOf(over);
    const draft = names.current.draft;
    if (!target || item.data.current?.type !== 'card' || !active) return;
    const translated = item.rect.current.translated;
    const below =
      !!over &&
      !!translated &&
      translated.top + translated.height / 2 > over.rect.top + over.rect.height / 2 &&
      delta.y > 0;
    const next = moveAcross(draft, String(item.id), target, below);
    names.current.crossed = next !== draft;
    if (next !== draft) update(next);
  };

  const finish = (next: BoardDraft | null, saving: Promise<boolean> | null) => {
    setActive(null);
    if (saving && next) {
      settling.current = true;
      update(next);
      void saving.then((saved) => {
        if (saved || !settling.current) return;
        settling.current = false;
        setDraft(null);
      });
    } else {
      setDraft(null);
    }
  };

  const onDragEnd = ({ active: item, over }: DragEndEvent) => {
    const id = String(item.id);
    const target = targetOf(over);
    const draft = names.current.draft;
    if (!active || !target) return finish(null, null);
    if (item.data.current?.type === 'column') {
      const next = moveColumnInDraft(draft, id, target.id);
      const index = next.order.indexOf(id);
      const moved = index !== base.order.indexOf(id);
      return finish(next, moved ? onMoveColumn(id, index) : null);
    }
    const next = target.type === 'card' ? moveWithin(draft, id, target.id) : draft;
    const place = placeOf(next, id);
    const moved =
      !!place &&
      !!origin.current &&
      (place.columnId !== origin.current.columnId || place.index !== origin.current.index);
    return finish(next, moved ? onMoveCard(id, place.columnId, place.index) : null);
  };

  const columns = view.order.map((id) => columnsById.get(id)).filter((c): c is ColumnRow => !!c);
  const cardsOf = useCallback(
    (columnId: string) =>
      (view.cardIds[columnId] ?? []).map((id) => board.cards[id]).filter((c): c is CardRow => !!c),
    [view, board.cards],
  );
  const activeCard = active?.type === 'card' ? board.cards[active.id] : undefined;
  const activeColumn = active?.type === 'column' ? columnsById.get(active.id) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => finish(null, null)}
    >
      <div
        className={classes.board}
        data-testid="kanban-board"
        data-readonly={readOnly || undefined}
      >
        <SortableContext items={view.order} strategy={rectSortingStrategy}>
          {columns.map((column) => (
            <KanbanColumn
              key={column.id}
              column={column}
              cards={cardsOf(column.id)}
              activeType={active?.type ?? null}
              activeId={active?.type === 'card' ? active.id : null}
              readOnly={readOnly}
              openBy={openBy}
              {...actions}
            />
          ))}
        </SortableContext>
        {trailing}
      </div>
      <DragOverlay>
        {activeCard ? (
          <div className={`${classes.card} ${classes.overlay}`} data-testid="drag-overlay">
            <CardFace
              card={activeCard}
              t={t}
              locale={isLanguage(i18n.language) ? LANGUAGE_META[i18n.language].intl : i18n.language}
            />
          </div>
        ) : activeColumn ? (
          <Paper
            className={`${classes.column} ${classes.overlay}`}
            p="sm"
            h="100%"
            data-testid="drag-overlay"
          >
            <Title order={2} size="h6">
              {activeColumn.name}
            </Title>
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
