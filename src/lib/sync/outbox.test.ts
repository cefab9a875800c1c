import 'fake-indexeddb/auto';

import { beforeEach, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '../db';
import { discardChange, enqueueChange, queuedRows, retryRejected } from './outbox';
import { writeServerState } from './pull';
import { isQuotaError } from './storage';

const EVENT_ID = '00000000-0000-4000-8000-000000000001';
const COL_A = '00000000-0000-4000-8000-00000000000a';
const COL_B = '00000000-0000-4000-8000-00000000000b';
const CARD = '00000000-0000-4000-8000-0000000000c1';

const event = {
  id: EVENT_ID,
  title: 'Train',
  description: '',
  color: 'blue' as const,
  allDay: false,
  start: '2026-05-01T09:00:00.000Z',
  end: '2026-05-01T10:00:00.000Z',
};
const card = {
  id: CARD,
  name: 'Pack',
  description: '',
  assignees: [],
  priority: 'medium' as const,
  due: null,
  labels: [],
  checklist: [],
  completed: false,
};

beforeEach(async () => {
  await wipeUserData();
});

describe('the outbox', () => {
  it('writes the change and its queue entry in one transaction, numbered in order', async () => {
    await enqueueChange({ op: 'event.create', body: event });
    await enqueueChange({
      op: 'event.update',
      body: { eventId: EVENT_ID, event: { title: 'Train home' } },
    });
    expect(await db.events.get(EVENT_ID)).toMatchObject({ title: 'Train home' });
    const rows = await queuedRows();
    expect(rows.map((r) => [r.seq, r.op])).toEqual([
      [1, 'event.create'],
      [2, 'event.update'],
    ]);
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(1);
  });

  it('leaves no local change behind when the queue write fails', async () => {
    // occupy the next sequence number so `outbox.add` fails inside the transaction
    await db.outbox.add({
      seq: 1,
      clientId: 'x',
      op: 'event.delete',
      body: {},
      status: 'rejected',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
    });
    await expect(enqueueChange({ op: 'event.create', body: event })).rejects.toThrow();
    expect(await db.events.get(EVENT_ID)).toBeUndefined();
    expect((await db.meta.get('syncClient'))?.value).toBeUndefined();
  });

  it('applies kanban moves locally like the server does (intent, clamped index)', async () => {
    await enqueueChange({ op: 'column.create', body: { id: COL_A, name: 'A' } });
    await enqueueChange({ op: 'column.create', body: { id: COL_B, name: 'B' } });
    await enqueueChange({ op: 'card.create', body: { columnId: COL_A, card } });
    await enqueueChange({ op: 'card.move', body: { cardId: CARD, columnId: COL_B, index: 9 } });
    await enqueueChange({ op: 'column.move', body: { columnId: COL_B, index: 0 } });
    expect((await db.meta.get('columnOrder'))?.value).toEqual([COL_B, COL_A]);
    expect((await db.columns.get(COL_A))?.cardIds).toEqual([]);
    expect((await db.columns.get(COL_B))?.cardIds).toEqual([CARD]);
    expect((await db.cards.get(CARD))?.columnId).toBe(COL_B);
    await enqueueChange({ op: 'column.delete', body: { columnId: COL_B } });
    expect(await db.cards.count()).toBe(0);
    expect((await db.meta.get('columnOrder'))?.value).toEqual([COL_A]);
  });

  it('rebases: a server snapshot plus the changes still queued', async () => {
    await enqueueChange({
      op: 'event.update',
      body: { eventId: EVENT_ID, event: { title: 'Mine' } },
    });
    await writeServerState([{ ...event, title: 'Server', updatedAt: '2026-01-01T00:00:00.000Z' }], {
      cards: {},
      columns: {},
      columnOrder: [],
    });
    expect((await db.events.get(EVENT_ID))?.title).toBe('Mine');
    await db.outbox.clear();
    await writeServerState([{ ...event, title: 'Server', updatedAt: 'x' }], {
      cards: {},
      columns: {},
      columnOrder: [],
    });
    expect((await db.events.get(EVENT_ID))?.title).toBe('Server');
  });

  it('discarding a queued change keeps its number as a skip; a rejected one just goes', async () => {
    const first = await enqueueChange({ op: 'event.create', body: event });
    await discardChange(first.seq);
    expect(await db.outbox.get(first.seq)).toMatchObject({ skip: true, status: 'queued' });
    await db.outbox.update(first.seq, { status: 'rejected' });
    await discardChange(first.seq);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retrying a rejected change queues it again with a new number', async () => {
    const first = await enqueueChange({ op: 'event.create', body: event });
    await db.outbox.update(first.seq, { status: 'rejected', error: 'nope' });
    await db.events.clear();
    await retryRejected(first.seq);
    const rows = await queuedRows();
    expect(rows.map((r) => r.seq)).toEqual([2]);
    expect(await db.events.get(EVENT_ID)).toBeDefined();
  });

  it('recognises a full disk however it is wrapped', () => {
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('starts a fresh sync stream after the user data is wiped', async () => {
    const first = await enqueueChange({ op: 'event.create', body: event });
    await wipeUserData();
    const again = await enqueueChange({ op: 'event.create', body: event });
    expect(again.seq).toBe(1);
    expect(again.clientId).not.toBe(first.clientId);
  });
});
