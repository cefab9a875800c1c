// The board's page starts the sync engine (replay and pull) only once the browser is idle after
// its first paint: the engine's first round (Dexie writes, the board read again) never competes
// with the board's first render. A file of its own: the engine starts once per page load.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ACCESS_TOKEN_KEY } from '@/lib/auth/token-storage';
import { db } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import { cardsTable, columnsTable } from '../local/tables';
import { writeThreeCardBoard } from '../testing/board';
import KanbanPage from './kanban';

const idle: (() => void)[] = [];

beforeEach(async () => {
  await Promise.all([columnsTable().clear(), cardsTable().clear(), db.outbox.clear()]);
  await db.meta.bulkPut([
    { key: 'lastSyncAt', value: Date.now() },
    { key: 'columnOrder', value: [] },
  ]);
  await writeThreeCardBoard();
  // signed in: the engine has a session to sync with
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  localStorage.setItem(
    ACCESS_TOKEN_KEY,
    `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Date.now() / 1000 + 3600 })}.sig`,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  // the browser stays busy until the test says it is idle
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => {
  // unmounted while the stubs are still there (the page cancels its idle callback)
  cleanup();
  vi.unstubAllGlobals();
});

describe('kanban page', () => {
  it('shows the board first and syncs once the browser is idle', async () => {
    await renderWithProviders(<KanbanPage />, { route: '/dashboard/kanban' });
    expect(await screen.findAllByTestId('kanban-column')).toHaveLength(2);
    // time for a round the engine would have started at mount to reach the network
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetch).not.toHaveBeenCalled();

    idle.splice(0).forEach((task) => task());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
  });
});
