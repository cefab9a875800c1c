// A change is described by the feature that registered it, with a name from the change or
// from the mirror, "…Unnamed" without one, and "Another change" when no feature knows it.
import 'fake-indexeddb/auto';

import { describe, expect, it } from 'vitest';

import { enqueueChange } from '@/lib/sync/outbox';
import { installToyRegistry, noteId } from '@/lib/sync/testing/toy-feature';

import { describeChange } from './describe-change';

const registry = installToyRegistry();

describe('describing a queued change', () => {
  it('uses the feature’s own strings with its own strings, with a name from the change or from its table', async () => {
    await enqueueChange({ op: 'note.create', body: { id: noteId(1), text: 'Buy milk' } });
    const edit = await enqueueChange({ op: 'note.edit', body: { noteId: noteId(1), text: 'Buy oat milk' } });
    const gone = await enqueueChange({ op: 'note.delete', body: { noteId: noteId(7) } });
    expect(await describeChange(registry, edit)).toEqual({ key: 'notes.sync.edit', name: 'Buy oat milk' });
    expect(await describeChange(registry, gone)).toEqual({ key: 'notes.sync.deleteUnnamed' });
    expect(await describeChange(registry, { ...gone, op: 'gone.feature' })).toEqual({ key: 'sync.change.unknownUnnamed' });
  });

  it('names a deleted item from the mirror when it is still there', async () => {
    const gone = await enqueueChange({ op: 'note.delete', body: { noteId: noteId(1) } });
    await enqueueChange({ op: 'note.create', body: { id: noteId(1), text: 'Back' } });
    expect(await describeChange(registry, gone)).toEqual({ key: 'notes.sync.delete', name: 'Back' });
  });
});
