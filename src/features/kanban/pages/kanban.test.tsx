import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import { renderWithProviders } from '@/test/render';

import { cardsTable, columnsTable } from '../local/tables';
import KanbanPage from './kanban';

beforeEach(async () => {
  await Promise.all([columnsTable().clear(), cardsTable().clear(), db.outbox.clear()]);
  // this device synced before (so an empty board is really empty); the server is unreachable
  await db.meta.bulkPut([
    { key: 'lastSyncAt', value: Date.now() },
    { key: 'columnOrder', value: [] },
  ]);
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
    await user.type(within(todo).getByLabelText('Card name'), '   {Enter}');
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
