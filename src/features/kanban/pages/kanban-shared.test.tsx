// The board page with boards shared with the user (the device's mirror, the server
// unreachable): the switcher lists each board with the user's role, a viewer's board has no
// write controls and says "View only", and a conflict is shown with both values and resolved
// from the keyboard, which queues the resolution and applies it on the device.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { initializeAuth, resetAuthForTests } from '@/lib/auth/auth-store';
import { db } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import { boardsTable, cardsTable, columnsTable } from '../local/tables';
import { D, ME, RENAME_CONFLICT, SHARED, writeSharedBoards } from '../testing/board';
import KanbanPage from './kanban';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

beforeEach(async () => {
  await Promise.all([boardsTable().clear(), columnsTable().clear(), cardsTable().clear(), db.outbox.clear()]);
  await db.meta.put({ key: 'lastSyncAt', value: Date.now() });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  // signed in, offline, as the user whose offline rename made the conflict
  const payload = btoa(JSON.stringify({ sub: ME.id, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('accessToken', `e30.${payload.replace(/=+$/, '')}.sig`);
  localStorage.setItem(
    'clipdeck-user',
    JSON.stringify({ id: ME.id, firstName: 'Dana', lastName: 'Demo', email: ME.email, role: 'user' }),
  );
  await initializeAuth();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTests();
});

describe('a board shared with me', () => {
  it('is chosen from the switcher, which names each board and my role on it', async () => {
    await writeSharedBoards('editor');
    const { user, router } = await renderWithProviders(<KanbanPage />, { route: '/dashboard/kanban' });
    const switcher = await screen.findByRole('button', { name: 'Board: My board. Choose another board' });
    switcher.focus();
    await user.keyboard('{Enter}');
    const options = await screen.findAllByTestId('board-option');
    expect(options.map((o) => o.textContent)).toEqual(['My boardOwner', 'Launch plan (Sam Rivera)Editor']);
    await user.click(options[1]!);
    await waitFor(() => expect(router.state.location.search).toBe(`?board=${SHARED}`));
    expect(await screen.findByRole('region', { name: 'Ideas' })).toBeInTheDocument();
    expect(screen.queryByTestId('view-only')).not.toBeInTheDocument();
    expect(screen.getByTestId('add-card')).toBeInTheDocument();
  });

  it('as a viewer: "View only", no handles, no menus, nothing to add', async () => {
    await writeSharedBoards('viewer');
    await renderWithProviders(<KanbanPage />, { route: `/dashboard/kanban?board=${SHARED}` });
    expect(await screen.findByTestId('view-only')).toHaveTextContent('View only');
    const column = screen.getByRole('region', { name: 'Ideas' });
    expect(within(column).queryByTestId('column-handle')).not.toBeInTheDocument();
    expect(within(column).queryByTestId('column-menu')).not.toBeInTheDocument();
    expect(within(column).queryByTestId('add-card')).not.toBeInTheDocument();
    expect(screen.queryByText('Add column')).not.toBeInTheDocument();
    // the card opens, but it is not something to pick up
    const card = within(column).getByRole('button', { name: /^Delta \(mine\), in Ideas/ });
    expect(card).not.toHaveAttribute('aria-roledescription');
    expect(screen.queryByTestId('share-board')).not.toBeInTheDocument();
  });

  it('shows a conflict with both values and keeps theirs from the keyboard', async () => {
    await writeSharedBoards('editor');
    const { user } = await renderWithProviders(<KanbanPage />, { route: `/dashboard/kanban?board=${SHARED}` });
    const card = await screen.findByRole('button', { name: /Conflicts to resolve: 1/ });
    card.focus();
    await user.keyboard('{Enter}');
    const conflict = await screen.findByTestId('conflict');
    expect(conflict).toHaveTextContent('Sam Rivera changed the name while you were offline');
    expect(within(conflict).getByTestId('conflict-yours')).toHaveTextContent('Delta (mine)');
    expect(within(conflict).getByTestId('conflict-theirs')).toHaveTextContent('Delta (Sam)');
    within(conflict).getByRole('button', { name: 'Keep Sam Rivera' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await cardsTable().get(D))?.name).toBe('Delta (Sam)'));
    expect((await cardsTable().get(D))?.conflicts).toEqual([]);
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => [r.op, JSON.parse(r.request.body)])).toEqual([
      ['card.resolve', { cardId: D, conflictId: RENAME_CONFLICT.id, keep: 'theirs' }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('conflict')).not.toBeInTheDocument());
  });
});
