import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import { boardsTable, cardsTable, columnsTable } from '../local/tables';
import { C, writeEmptyBoard, writeThreeCardBoard } from '../testing/board';
import KanbanPage from './kanban';

// happy-dom has no FontFaceSet; Mantine's autosize textarea (in the card drawer) listens to it
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

beforeEach(async () => {
  await Promise.all([boardsTable().clear(), columnsTable().clear(), cardsTable().clear(), db.outbox.clear()]);
  // this device synced before (so an empty board is really empty); the server is unreachable
  await writeEmptyBoard();
  await db.meta.put({ key: 'lastSyncAt', value: Date.now() });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
});
afterEach(() => vi.unstubAllGlobals());

const queued = async () => (await db.outbox.orderBy('seq').toArray()).map((r) => r.op);

describe('kanban page', () => {
  it('starts an empty board with three columns, adds a card, and deletes a column only after confirming', async () => {
    const { user } = await renderWithProviders(<KanbanPage />, { route: '/dashboard/kanban' });
    await user.click(await screen.findByRole('button', { name: /Start with To do/ }));
    await waitFor(() => expect(screen.getAllByTestId('kanban-column')).toHaveLength(3), {
      timeout: 5000,
    });
    expect(await queued()).toEqual(['column.create', 'column.create', 'column.create']);

    const todo = screen.getByRole('region', { name: 'To do' });
    await user.click(within(todo).getByTestId('add-card'));
    // (the field's code loads on demand: it may take a moment the first time)
    await user.type(await within(todo).findByLabelText('Card name'), '   {Enter}');
    expect(within(todo).getByText('Name is required.')).toBeInTheDocument();
    await user.type(within(todo).getByLabelText('Card name'), 'Plan the launch{Enter}');
    expect(
      await within(todo).findByRole('button', { name: 'Plan the launch, in To do' }),
    ).toBeInTheDocument();

    const doing = screen.getByRole('region', { name: 'In progress' });
    await user.click(within(doing).getByRole('button', { name: 'Actions for column In progress' }));
    await user.click(await screen.findByText('Delete column'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “In progress”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('kanban-column')).toHaveLength(3);
    expect(await queued()).not.toContain('column.delete');

    await user.click(within(doing).getByRole('button', { name: 'Actions for column In progress' }));
    await user.click(await screen.findByText('Delete column'));
    await user.click(await screen.findByTestId('confirm'));
    await waitFor(() => expect(screen.getAllByTestId('kanban-column')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(await queued()).toEqual([
      'column.create',
      'column.create',
      'column.create',
      'card.create',
      'column.delete',
    ]);
  });
});

describe('kanban page opened from a search hit (?card=)', () => {
  beforeEach(async () => {
    // the device's mirror; the server stays unreachable (offline)
    await writeThreeCardBoard();
  });

  it('opens that card as a click does and scrolls it into view; closing drops the parameter', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const { user, router } = await renderWithProviders(<KanbanPage />, {
      route: `/dashboard/kanban?card=${C}`,
    });
    const drawer = await screen.findByRole('dialog', { name: 'Card in Doing' });
    expect(within(drawer).getByLabelText(/^Name/)).toHaveValue('Charlie');
    await waitFor(() =>
      expect(scrolled.some((node) => node.getAttribute('data-card-id') === C)).toBe(true),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(screen.getAllByTestId('kanban-card')).toHaveLength(3);
  });

  it('shows just the board and a short notice for a card it does not hold', async () => {
    const { router } = await renderWithProviders(<KanbanPage />, {
      route: '/dashboard/kanban?card=7b0c8f4e-0000-4a55-9a4e-0000000000ff',
    });
    expect(await screen.findByText('That card is not on your board any more.')).toBeInTheDocument();
    expect(screen.getAllByTestId('kanban-card')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
