// A column draws only the cards in and near its visible part (a board may hold hundreds per
// column): the rest are stand-in space above and below, so the scrollbar and the drop targets
// keep their places. The first render already has a window (the column's likely height), so
// the board paints with its cards in one go. A card being dragged stays drawn wherever it is,
// because dnd-kit measures and moves its node for the whole drag.
import {
  defaultRangeExtractor,
  observeElementRect,
  useVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';

/** A card's height before it is measured (title, meta line, a little more). */
const ESTIMATED_CARD_PX = 96;
/** The CSS gap between cards (Mantine spacing xs). */
const CARD_GAP_PX = 10;
/** The column's height for the first render: its max-height in kanban.module.css. */
const firstHeight = () => (typeof window === 'undefined' ? 680 : Math.max(300, window.innerHeight - 220));

export function useCardWindow(ids: string[], keepIndex: number) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return keepIndex < 0 || indexes.includes(keepIndex) ? indexes : [...indexes, keepIndex];
    },
    [keepIndex],
  );
  const virtualizer = useVirtualizer({
    count: ids.length,
    getItemKey: (index) => ids[index] ?? index,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    gap: CARD_GAP_PX,
    overscan: 4,
    initialRect: { width: 290, height: firstHeight() },
    // a column with no layout yet (or a DOM without layout, in tests) keeps the first height
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) =>
        onRect(rect.height > 0 ? rect : { ...rect, height: firstHeight() }),
      ),
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const inFlow = items.filter((item) => item.index !== keepIndex || isNear(item.index, items));
  const first = inFlow[0];
  const last = inFlow.at(-1);
  return {
    scrollRef,
    measure: virtualizer.measureElement,
    /** cards in the flow, between the space before and after them */
    items: inFlow,
    /** the dragged card when it is outside the window: drawn, out of the flow */
    kept: inFlow.length === items.length ? null : (items.find((i) => i.index === keepIndex) ?? null),
    /** scrolls the column so that card is drawn and in view (a card just added at the end) */
    reveal: (index: number) => virtualizer.scrollToIndex(index, { align: 'end' }),
    before: first ? first.start : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - last.end) : 0,
  };
}

/** Whether an index continues the window (the extractor appends a far one at its end). */
function isNear(index: number, items: { index: number }[]) {
  const others = items.filter((i) => i.index !== index).map((i) => i.index);
  if (others.length === 0) return true;
  return index >= Math.min(...others) - 1 && index <= Math.max(...others) + 1;
}
