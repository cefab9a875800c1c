// The board's order while something is dragged: a copy of the column order and of each
// column's card ids that the drag rearranges freely. Only the drop turns it into ONE queued
// change (a `card.move` or a `column.move` intent); a cancel throws it away.
import { arrayMove } from '@dnd-kit/sortable';

export interface BoardDraft {
  order: string[];
  cardIds: Record<string, string[]>;
}

export function findColumnOf(draft: BoardDraft, id: string): string | undefined {
  if (draft.cardIds[id]) return id;
  return draft.order.find((columnId) => draft.cardIds[columnId]?.includes(id));
}

export interface Target {
  type?: 'card' | 'column' | 'column-body';
  id: string;
  columnId?: string;
}

/** The column a card is dragged over: the card's column, the column itself, or its body. */
export function targetColumn(draft: BoardDraft, over: Target): string | undefined {
  if (over.type === 'column-body') return over.columnId;
  if (over.type === 'column') return over.id;
  return findColumnOf(draft, over.id);
}

/** A card dragged into another column lands before the card it is over (or at the end). */
export function moveAcross(
  draft: BoardDraft,
  cardId: string,
  over: Target,
  below: boolean,
): BoardDraft {
  const from = findColumnOf(draft, cardId);
  const to = targetColumn(draft, over);
  if (!from || !to || from === to) return draft;
  const source = draft.cardIds[from]!.filter((id) => id !== cardId);
  const target = [...draft.cardIds[to]!];
  const overIndex = over.type === 'card' ? target.indexOf(over.id) : -1;
  const at = overIndex < 0 ? target.length : overIndex + (below ? 1 : 0);
  target.splice(at, 0, cardId);
  return { ...draft, cardIds: { ...draft.cardIds, [from]: source, [to]: target } };
}

/** The drop inside one column: the card takes the place of the card it is over. */
export function moveWithin(draft: BoardDraft, cardId: string, overId: string): BoardDraft {
  const column = findColumnOf(draft, cardId);
  if (!column) return draft;
  const ids = draft.cardIds[column]!;
  const from = ids.indexOf(cardId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return draft;
  return { ...draft, cardIds: { ...draft.cardIds, [column]: arrayMove(ids, from, to) } };
}

export function moveColumnInDraft(draft: BoardDraft, columnId: string, overId: string): BoardDraft {
  const from = draft.order.indexOf(columnId);
  const to = draft.order.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return draft;
  return { ...draft, order: arrayMove(draft.order, from, to) };
}

/** Where a card sits: its column and its index there. */
export function placeOf(draft: BoardDraft, cardId: string) {
  const columnId = findColumnOf(draft, cardId);
  return columnId ? { columnId, index: draft.cardIds[columnId]!.indexOf(cardId) } : undefined;
}
