import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import { boardActions, useBoard } from '../local/board-store';
import { columnsTable } from '../local/tables';
import { A, B, C, DOING, TODO, writeThreeCardBoard } from '../testing/board';
import { KanbanBoard } from './kanban-board';

// happy-dom lays nothing out: give columns and cards the rects a browser would (300 px per
// column, 80 px per card), mirrored when the document is right-to-left
const box = (x: number, y: number, width: number, height: number) =>
  ({
    x,
    y,
    left: x,
    top: y,
    width,
    height,
    right: x + width,
    bottom: y + height,
    toJSON: () => ({}),
  }) as DOMRect;
beforeAll(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(
    this: Element,
  ): DOMRect {
    // the drag overlay starts where the picked-up item is
    if (this.closest('[data-testid="drag-overlay"]')) {
      const picked = document.querySelector('[data-dragging]');
      return picked ? picked.getBoundingClientRect() : box(0, 0, 0, 0);
    }
    const columns = [...document.querySelectorAll('[data-testid="kanban-column"]')];
    const column = this.closest('[data-testid="kanban-column"]');
    const at = column ? columns.indexOf(column) : -1;
    if (at < 0) return box(0, 0, 0, 0);
    const rtl = document.documentElement.dir === 'rtl';
    const left = rtl ? (columns.length - 1 - at) * 300 : at * 300;
    if (this.getAttribute('data-testid') === 'kanban-card') {
      const index = [
        ...this.parentElement!.querySelectorAll('[data-testid="kanban-card"]'),
      ].indexOf(this);
      return box(left + 10, 60 + index * 80, 270, 70);
    }
    if (this.getAttribute('data-testid') === 'column-cards') return box(left, 50, 290, 550);
    if (this === column) return box(left, 0, 290, 600);
    return box(left, 0, 290, 40);
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  document.documentElement.dir = 'ltr';
});

function Harness() {
  const board = useBoard();
  if (!board) return null;
  return (
    <KanbanBoard
      board={board}
      onOpenCard={() => undefined}
      onRename={() => undefined}
      onClear={() => undefined}
      onDelete={() => undefined}
      onAddCard={() => undefined}
      onMoveCard={(id, columnId, index) =>
        boardActions.moveCard(id, columnId, index).then(() => true)
      }
      onMoveColumn={(id, index) => boardActions.moveColumn(id, index).then(() => true)}
    />
  );
}

beforeEach(async () => {
  await db.outbox.clear();
  await writeThreeCardBoard();
});

const pause = () => act(() => new Promise((r) => setTimeout(r, 30)));
async function press(code: string) {
  fireEvent.keyDown(document.activeElement ?? document.body, {
    code,
    key: code === 'Space' ? ' ' : code,
  });
  await pause();
}

async function pickUp(name: RegExp) {
  const handle = await screen.findByRole('button', { name });
  handle.focus();
  await press('Space');
}

describe('kanban board keyboard moves', () => {
  it('moving a card to the next column queues exactly one card.move with its index there', async () => {
    await renderWithProviders(<Harness />);
    await pickUp(/^Bravo, in To do/);
    // the screen reader hears where the card is, in the user's language
    expect(
      await screen.findByText('Picked up Bravo, in column To do, position 2 of 2.'),
    ).toBeInTheDocument();
    await press('ArrowRight');
    expect(
      await screen.findByText('Bravo moved, now in column Doing, position 1 of 2.'),
    ).toBeInTheDocument();
    await press('Space');
    expect(
      await screen.findByText('Dropped Bravo, in column Doing, position 1 of 2.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1), { timeout: 5000 });
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => [r.op, JSON.parse(r.request.body)])).toEqual([
      ['card.move', { cardId: B, columnId: DOING, index: 0, baseCursor: 5 }],
    ]);
    await waitFor(() =>
      expect(screen.getAllByTestId('kanban-card').map((el) => el.textContent)).toEqual([
        expect.stringContaining('Alpha'),
        expect.stringContaining('Bravo'),
        expect.stringContaining('Charlie'),
      ]),
    );
    expect((await columnsTable().get(DOING))?.cardIds).toEqual([B, C]);
  });

  it('moves down within a column, and a cancelled drag queues nothing', async () => {
    await renderWithProviders(<Harness />);
    await pickUp(/^Alpha, in To do/);
    await press('ArrowDown');
    await press('Escape');
    await pause();
    expect(await db.outbox.count()).toBe(0);

    await pickUp(/^Alpha, in To do/);
    await press('ArrowDown');
    await press('Space');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1), { timeout: 5000 });
    expect(JSON.parse((await db.outbox.toArray())[0]!.request.body)).toEqual({ cardId: A, columnId: TODO, index: 1, baseCursor: 5 });
  });

  it('in RTL the right arrow moves a column towards the start of the board', async () => {
    document.documentElement.dir = 'rtl';
    await renderWithProviders(<Harness />);
    // Doing is the second column: in RTL it sits to the LEFT of To do
    await pickUp(/^Move column Doing/);
    await press('ArrowRight');
    await press('Space');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1), { timeout: 5000 });
    expect(JSON.parse((await db.outbox.toArray())[0]!.request.body)).toEqual({ columnId: DOING, index: 0 });
    document.documentElement.dir = 'ltr';
  });

  it('gives the drag instructions in the user’s language', async () => {
    await renderWithProviders(<Harness />, { language: 'fr' });
    const card = await screen.findByRole('button', { name: /^Alpha, dans To do/ });
    const instructions = document.getElementById(card.getAttribute('aria-describedby')!);
    expect(instructions?.textContent).toContain(
      'Pour saisir une carte ou une colonne, appuyez sur Espace',
    );
  });
});
