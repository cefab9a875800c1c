// Screen-reader text for dragging, in the user's language (dnd-kit's live region). Positions
// are read from the current draft, so "position 2 of 5" is where the item would land.
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import type { BoardDraft } from './board-draft';
import { findColumnOf } from './board-draft';

interface Names {
  draft: BoardDraft;
  columnName: (id: string) => string;
}

type Item = { id: string | number; data: { current?: Record<string, unknown> } } | null;

export function useDndAnnouncements(names: RefObject<Names>) {
  const { t } = useTranslation();
  return useMemo(() => {
    const nameOf = (item: Item) => {
      const name = item?.data.current?.name;
      return typeof name === 'string' ? name : '';
    };
    const where = (item: Item) => {
      const { draft, columnName } = names.current;
      const id = String(item?.id ?? '');
      if (item?.data.current?.type === 'column') {
        return t('kanban.dnd.columnPosition', {
          position: draft.order.indexOf(id) + 1,
          total: draft.order.length,
        });
      }
      const column = findColumnOf(draft, id);
      if (!column) return '';
      const ids = draft.cardIds[column]!;
      return t('kanban.dnd.cardPosition', {
        column: columnName(column),
        position: ids.indexOf(id) + 1,
        total: ids.length,
      });
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) =>
        t('kanban.dnd.pickedUp', { name: nameOf(active), where: where(active) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('kanban.dnd.movedTo', { name: nameOf(active), where: where(active) })
          : t('kanban.dnd.noTarget', { name: nameOf(active) }),
      onDragEnd: ({ active }) =>
        t('kanban.dnd.dropped', { name: nameOf(active), where: where(active) }),
      onDragCancel: ({ active }) => t('kanban.dnd.cancelled', { name: nameOf(active) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = {
      draggable: t('kanban.dnd.instructions'),
    };
    return { announcements, screenReaderInstructions };
  }, [t, names]);
}
