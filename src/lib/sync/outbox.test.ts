import 'fake-indexeddb/auto';

import { beforeEach, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '../db';
import { discardChange, enqueueChange, onEnqueue, queuedRows, retryRejected } from './outbox';
import { writeServerState } from './pull';
import { isQuotaError } from './storage';
import { installToyRegistry, notesTable, noteId, type NoteChange } from './testing/toy-feature';

const registry = installToyRegistry();
const queue = (change: NoteChange) => enqueueChange(change);

beforeEach(async () => {
  await wipeUserData();
});

describe('the outbox', () => {
  it('writes the change and its queue entry in one transaction, numbered in order', async () => {
    await queue({ op: 'note.create', body: { id: noteId(1), text: 'Train' } });
    await queue({ op: 'note.edit', body: { noteId: noteId(1), text: 'Train home' } });
    expect(await notesTable().get(noteId(1))).toMatchObject({ text: 'Train home' });
    const rows = await queuedRows();
    expect(rows.map((r) => [r.seq, r.op])).toEqual([
      [1, 'note.create'],
      [2, 'note.edit'],
    ]);
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(1);
  });

  it('tells its listeners which feature each change belongs to (the engine pulls only that one)', async () => {
    const told: (string | undefined)[] = [];
    const off = onEnqueue((feature) => told.push(feature));
    try {
      const row = await queue({ op: 'note.create', body: { id: noteId(1), text: 'Train' } });
      await discardChange(row.seq);
    } finally {
      off();
    }
    expect(told).toEqual(['notes', 'notes']);
  });

  it('stores the request each row goes out as: method, path, the body as JSON text, its key', async () => {
    const row = await queue({ op: 'note.edit', body: { noteId: noteId(1), text: 'Hi' } });
    expect(row.request).toEqual({
      method: 'PUT',
      path: '/api/notes/edit',
      body: JSON.stringify({ noteId: noteId(1), text: 'Hi' }),
      key: `${row.clientId}:1`,
    });
    expect((await db.outbox.get(1))?.request).toEqual(row.request);
  });

  it('refuses a change no feature registered, leaving nothing behind', async () => {
    await expect(enqueueChange({ op: 'nobody.knows', body: {} })).rejects.toThrow(/nobody\.knows/);
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves no local change behind when the queue write fails', async () => {
    // occupy the next sequence number so `outbox.add` fails inside the transaction
    await db.outbox.add({
      seq: 1,
      clientId: 'x',
      op: 'note.delete',
      request: { method: 'POST', path: '/api/notes/delete', body: '{}', key: 'x:1' },
      status: 'rejected',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
    });
    await expect(queue({ op: 'note.create', body: { id: noteId(1), text: 'A' } })).rejects.toThrow();
    expect(await notesTable().get(noteId(1))).toBeUndefined();
    expect((await db.meta.get('syncClient'))?.value).toBeUndefined();
  });

  it('rebases: a server snapshot plus the changes still queued', async () => {
    await queue({ op: 'note.edit', body: { noteId: noteId(1), text: 'Mine' } });
    await writeServerState(registry, new Map([['notes', [{ id: noteId(1), text: 'Server' }]]]));
    expect((await notesTable().get(noteId(1)))?.text).toBe('Mine');
    await db.outbox.clear();
    await writeServerState(registry, new Map([['notes', [{ id: noteId(1), text: 'Server' }]]]));
    expect((await notesTable().get(noteId(1)))?.text).toBe('Server');
  });

  it('discarding a queued change keeps its number as a skip; a rejected one just goes', async () => {
    const first = await queue({ op: 'note.create', body: { id: noteId(1), text: 'A' } });
    await discardChange(first.seq);
    expect(await db.outbox.get(first.seq)).toMatchObject({ skip: true, status: 'queued' });
    await db.outbox.update(first.seq, { status: 'rejected' });
    await discardChange(first.seq);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retrying a rejected change queues it again with a new number and a new key', async () => {
    const first = await queue({ op: 'note.create', body: { id: noteId(1), text: 'A' } });
    await db.outbox.update(first.seq, { status: 'rejected', error: 'nope' });
    await notesTable().clear();
    await retryRejected(first.seq);
    const rows = await queuedRows();
    expect(rows.map((r) => [r.seq, r.request.key])).toEqual([[2, `${first.clientId}:2`]]);
    expect(rows[0]!.request.body).toBe(first.request.body);
    expect(await notesTable().get(noteId(1))).toBeDefined();
  });

  it('recognises a full disk however it is wrapped', () => {
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('starts a fresh sync stream after the user data is wiped', async () => {
    const first = await queue({ op: 'note.create', body: { id: noteId(1), text: 'A' } });
    await wipeUserData();
    const again = await queue({ op: 'note.create', body: { id: noteId(1), text: 'A' } });
    expect(again.seq).toBe(1);
    expect(again.clientId).not.toBe(first.clientId);
  });
});
