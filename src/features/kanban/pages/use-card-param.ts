// `/dashboard/kanban?card=<id>` (a Ctrl+K hit's link) opens that card's drawer, as a click on
// it does, and scrolls the board and the card's column until the card is in view. The board
// is the device's (Dexie), so this works offline too. An id the board does not hold (deleted,
// or never the user's) leaves just the board and a short notice; while a pull is running the
// card may still arrive, so the answer waits for it. Closing the drawer drops the parameter.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { notify } from '@/lib/notify';

import type { BoardView } from '../local/board-store';
import { cardsTable } from '../local/tables';

/** A column draws only the cards near its visible part: frames to wait for the card to be
 *  drawn while the column is scrolled towards it. */
const MAX_FRAMES = 60;

export function useCardParam(options: {
  board: BoardView | undefined;
  /** the board is shown (read from the device, not waiting for a first pull) */
  ready: boolean;
  /** a pull is running: an unknown card may be in it */
  syncing: boolean;
  open: (cardId: string) => void;
}): { cardParam: string | null; dropParam: () => void } {
  const { board, ready, syncing, open } = options;
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const cardParam = searchParams.get('card');
  const handled = useRef<string | null>(null);
  const stopReveal = useRef<() => void>(() => {});

  const dropParam = useCallback(() => {
    if (!searchParams.has('card')) return;
    setSearchParams(
      (params) => {
        params.delete('card');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    if (!cardParam) {
      handled.current = null;
      return;
    }
    if (!ready || !board || handled.current === cardParam) return;
    const card = board.cards[cardParam];
    if (!card) {
      if (syncing) return;
      handled.current = cardParam;
      // the board shown may be a read from before a pull that has just ended (the sync status
      // turns before the live query answers again): the device's table says for sure
      let pending = true;
      void cardsTable()
        .get(cardParam)
        .then((stored) => {
          if (!pending) return;
          pending = false;
          if (stored) handled.current = null; // the live board brings it next
          else {
            notify.info(t('kanban.cardNotFound'), { id: 'kanban-card-not-found' });
            dropParam();
          }
        });
      return () => {
        // a newer board (or parameter) came first: that run decides
        if (pending) handled.current = null;
        pending = false;
      };
    }
    handled.current = cardParam;
    open(cardParam);
    stopReveal.current();
    stopReveal.current = revealCard(cardParam, card.columnId, indexInColumn(board, cardParam));
  }, [cardParam, ready, board, syncing, open, t, dropParam]);

  useEffect(() => () => stopReveal.current(), []);

  return { cardParam, dropParam };
}

function indexInColumn(board: BoardView, cardId: string): number {
  const card = board.cards[cardId]!;
  const column = board.columns.find((c) => c.id === card.columnId);
  // the order the board draws: the column's list, cards the device holds
  const ids = (column?.cardIds ?? []).filter((id) => board.cards[id]);
  return Math.max(0, ids.indexOf(cardId));
}

/**
 * Brings the card into view: the board scrolls to its column, the column towards the card
 * until the column draws it, then the card itself into view. Returns a stop function.
 */
function revealCard(cardId: string, columnId: string, index: number): () => void {
  let frame = 0;
  let handle = 0;
  let inView = 0;
  const step = () => {
    const selector = `[data-card-id="${CSS.escape(cardId)}"]`;
    const cardNode = document.querySelector<HTMLElement>(selector);
    if (cardNode) {
      // the column measures the cards it draws, which moves them: done once it stays in view
      if (inView > 0 && isInView(cardNode)) inView += 1;
      else {
        // centred: the open drawer locks the page's own scrolling, so the column's list
        // brings the card to the middle of the part of it that shows
        cardNode.scrollIntoView?.({ block: 'center', inline: 'nearest', behavior: 'instant' });
        inView = 1;
      }
      if (inView >= 3) return;
      frame += 1;
      if (frame < MAX_FRAMES) handle = requestAnimationFrame(step);
      return;
    }
    const column = document.querySelector<HTMLElement>(
      `[data-column-id="${CSS.escape(columnId)}"]`,
    );
    if (column) {
      column.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      const list = column.querySelector<HTMLElement>('[data-testid="column-cards"]');
      if (list) scrollTowards(list, index);
    }
    frame += 1;
    if (frame < MAX_FRAMES) handle = requestAnimationFrame(step);
  };
  handle = requestAnimationFrame(step);
  return () => cancelAnimationFrame(handle);
}

/** Scrolls a column's list to where its card `index` should be, reckoned from the drawn card
 *  nearest to it (each step draws cards nearer, so the estimate gets exact). */
function scrollTowards(list: HTMLElement, index: number) {
  const drawn = [...list.querySelectorAll<HTMLElement>('[data-index]')]
    .map((node) => ({ node, at: Number(node.dataset.index), rect: node.getBoundingClientRect() }))
    .filter((d) => d.rect.height > 0)
    .sort((a, b) => a.at - b.at);
  if (drawn.length === 0) return;
  const first = drawn[0]!;
  const last = drawn.at(-1)!;
  // the distance from one card's top to the next one's, gap included
  const pitch =
    last.at > first.at ? (last.rect.top - first.rect.top) / (last.at - first.at) : first.rect.height;
  const nearest = drawn.reduce((a, b) => (Math.abs(b.at - index) < Math.abs(a.at - index) ? b : a));
  const top = nearest.rect.top - list.getBoundingClientRect().top + list.scrollTop;
  list.scrollTop = top + (index - nearest.at) * pitch - list.clientHeight / 2;
}

/** Whether the card shows whole, in its column's list and in the window. */
function isInView(node: HTMLElement): boolean {
  const rect = node.getBoundingClientRect();
  const list = node.closest('[data-testid="column-cards"]')?.getBoundingClientRect();
  const within = (outer: { top: number; bottom: number; left: number; right: number }) =>
    rect.top >= outer.top - 1 &&
    rect.bottom <= outer.bottom + 1 &&
    rect.left >= outer.left - 1 &&
    rect.right <= outer.right + 1;
  return (
    (!list || within(list)) &&
    within({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth })
  );
}
