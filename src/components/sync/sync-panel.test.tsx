import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { db, wipeUserData } from '@/lib/db';
import { setSyncStatus, syncStatusStore } from '@/lib/sync/engine';
import { enqueueChange } from '@/lib/sync/outbox';
import { loadSyncRegistry } from '@/lib/sync/registry-source';
import { renderWithProviders } from '@/testing/render';

import { saveChange } from './save-change';
import { SyncPanel } from './sync-panel';
import { useSyncStatus } from './use-sync-status';

const EVENT_A = '00000000-0000-4000-8000-00000000000a';
const EVENT_B = '00000000-0000-4000-8000-00000000000b';
const fields = {
  description: '',
  color: 'blue' as const,
  allDay: false,
  start: '2026-05-01T09:00:00.000Z',
  end: '2026-05-01T10:00:00.000Z',
};

function Harness() {
  return <SyncPanel status={useSyncStatus()} />;
}

beforeEach(async () => {
  await wipeUserData();
  setSyncStatus({ online: true, paused: false, storageFull: false, lastError: undefined });
});

describe('SyncPanel', () => {
  it('lists queued and rejected changes in words, and retry and discard act on the outbox', async () => {
    await enqueueChange({ op: 'event.create', body: { ...fields, id: EVENT_A, title: 'Dentist' } });
    await enqueueChange({ op: 'event.create', body: { ...fields, id: EVENT_B, title: 'Train' } });
    await enqueueChange({
      op: 'event.update',
      body: { eventId: EVENT_B, event: { end: '2026-05-01T08:00:00.000Z' } },
    });
    await db.outbox.update(3, {
      status: 'rejected',
      error: 'The end must not be before the start.',
      httpStatus: 400,
    });

    const { user } = await renderWithProviders(<Harness />);
    const panel = await screen.findByTestId('sync-panel');
    expect(within(panel).getByText('Create event “Dentist”')).toBeInTheDocument();
    expect(within(panel).getByText('Create event “Train”')).toBeInTheDocument();
    const rejected = screen.getByTestId('sync-rejected-row');
    expect(rejected).toHaveTextContent('Edit event “Train”');
    expect(rejected).toHaveTextContent('Reason: The end must not be before the start.');
    expect(screen.getAllByTestId('sync-queued-row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Retry: Edit event “Train”' }));
    await waitFor(() => expect(screen.queryByTestId('sync-rejected-row')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('sync-queued-row')).toHaveLength(3);
    const retried = await db.outbox.where('status').equals('queued').sortBy('seq');
    expect(retried.map((r) => [r.seq, r.op])).toEqual([
      [1, 'event.create'],
      [2, 'event.create'],
      [4, 'event.update'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Discard: Create event “Dentist”' }));
    await waitFor(() => expect(screen.getAllByTestId('sync-queued-row')).toHaveLength(2));
    expect((await db.outbox.get(1))?.skip).toBe(true);
  });

  it('lists the first 50 queued changes and counts the rest', async () => {
    for (let i = 0; i < 53; i += 1) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      await enqueueChange({ op: 'event.create', body: { ...fields, id, title: `Shift ${i}` } });
    }
    await renderWithProviders(<Harness />);
    expect(await screen.findByText('53 changes waiting')).toBeInTheDocument();
    expect(screen.getAllByTestId('sync-queued-row')).toHaveLength(50);
    expect(screen.getByTestId('sync-more')).toHaveTextContent('…and 3 more changes');
  });

  it('says when everything is delivered and when the last sync was', async () => {
    await db.meta.put({ key: 'lastSyncAt', value: Date.now() - 120_000 });
    await renderWithProviders(<Harness />);
    expect(await screen.findByTestId('sync-empty')).toHaveTextContent('Everything is up to date.');
    expect(screen.getByTestId('sync-last')).toHaveTextContent('Last synced 2 minutes ago');
  });

  it('reports a full disk from a save and a queue paused for sign-in', async () => {
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    // the registry's tables are declared (Dexie renews its table objects then) before the spy
    await loadSyncRegistry();
    const spy = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(quota);
    await expect(
      saveChange({ op: 'event.create', body: { ...fields, id: EVENT_A, title: 'Lost?' } }),
    ).rejects.toThrow(/storage is full/);
    spy.mockRestore();
    expect(syncStatusStore.get().storageFull).toBe(true);
    expect(await db.table('events').count()).toBe(0);
    setSyncStatus({ paused: true });

    await renderWithProviders(<Harness />);
    const panel = await screen.findByTestId('sync-panel');
    const alerts = within(panel).getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Device storage full');
    expect(alerts[1]).toHaveTextContent('Waiting for sign-in');
    expect(screen.getByRole('link', { name: 'Sign in again' })).toBeInTheDocument();

    await saveChange({ op: 'event.create', body: { ...fields, id: EVENT_A, title: 'Saved' } });
    expect(syncStatusStore.get().storageFull).toBe(false);
  });
});
