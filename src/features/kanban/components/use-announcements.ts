// Screen-reader text for dragging, in the user's language (dnd-kit's live region). Positions
// are read from the current draft, so "position 2 of 5" is where the item would land.
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import type { BoardDraft } from './board-draft';
import { findColumnOf } from './board-draft';

export interface BoardNames {
  draft: BoardDraft;
  columnName: (id: string) => string;
  /** the last drag-over moved the card into another column: the draft already shows its place */
  crossed?: boolean;
}

type Item = { id: string | number; data: { current?: Record<string, unknown> } } | null;

export function useDndAnnouncements(names: RefObject<BoardNames>) {
  const { t } = useTranslation();
  return useMemo(() => {
    const nameOf = (item: Item) => {
      const name = item?.data.current?.name;
      return typeof name === 'string' ? name : '';
    };
    /** Where `item` is — or, given what it is over in its own list, where it would land. */
    const where = (item: Item, over: Item = null) => {
      const { draft, columnName } = names.current;
      const id = String(item?.id ?? '');
      const overId = String(over?.id ?? '');
      if (item?.data.current?.type === 'column') {
        const at = draft.order.includes(overId) ? overId : id;
        return t('kanban.dnd.columnPosition', {
          position: draft.order.indexOf(at) + 1,
          total: draft.order.length,
        });
      }
      const column = findColumnOf(draft, id);
      if (!column) return '';
      const ids = draft.cardIds[column]!;
      const at = ids.includes(overId) ? overId : id;
      return t('kanban.dnd.cardPosition', {
        column: columnName(column),
        position: ids.indexOf(at) + 1,
        total: ids.length,
      });
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) =>
        t('kanban.dnd.pickedUp', { name: nameOf(active), where: where(active) }),
      // nothing to say while the item is over its own place (as at the start of a drag)
      onDragOver: ({ active, over }) =>
        over
          ? over.id === active.id
            ? undefined
            : t('kanban.dnd.movedTo', {
                name: nameOf(active),
                where: names.current.crossed ? where(active) : where(active, over),
              })
          : t('kanban.dnd.noTarget', { name: nameOf(active) }),
      onDragEnd: ({ active, over }) =>
        t('kanban.dnd.dropped', { name: nameOf(active), where: where(active, over) }),
      onDragCancel: ({ active }) => t('kanban.dnd.cancelled', { name: nameOf(active) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = {
      draggable: t('kanban.dnd.instructions'),
    };
    return { announcements, screenReaderInstructions };
  }, [t, names]);
}
