// A feature that exists only in tests: its own table, operations, descriptions and pull, so the
// sync library is tested the way any new feature would use it, without naming a real one.
import { db, mirrorTable } from '../../db';
import { createSyncRegistry, defineFeatureSync, featurePull, installSyncRegistry, operation, type ChangeOf } from '../registry';

export interface Note {
  id: string;
  text: string;
}

db.declareStore({ tables: { notes: 'id' }, metaKeys: ['notesCursor'] });
export const notesTable = mirrorTable<Note, 'id'>('notes');

export const toyFeature = defineFeatureSync({
  name: 'notes',
  tables: [notesTable],
  operations: {
    'note.create': operation<Note>({
      path: '/api/notes/new',
      apply: async (note) => void (await notesTable().put(note)),
      describe: (note) => ({ key: 'notes.sync.create', name: note.text }),
    }),
    'note.edit': operation<{ noteId: string; text: string }>({
      method: 'PUT',
      path: '/api/notes/edit',
      apply: async ({ noteId, text }) => void (await notesTable().update(noteId, { text })),
      describe: (body) => ({ key: 'notes.sync.edit', name: body.text }),
    }),
    'note.delete': operation<{ noteId: string }>({
      path: '/api/notes/delete',
      apply: ({ noteId }) => notesTable().delete(noteId),
      describe: async ({ noteId }) => ({ key: 'notes.sync.delete', name: (await notesTable().get(noteId))?.text }),
    }),
  },
  pull: featurePull<Note[]>({
    fetch: async (getJson) => (await getJson<{ notes: Note[] }>('/api/notes')).notes,
    write: async (notes) => {
      await notesTable().clear();
      await notesTable().bulkPut(notes);
    },
  }),
});

export type NoteChange = ChangeOf<typeof toyFeature>;

/** Installs a registry of the toy feature alone (before the database is first used). */
export const installToyRegistry = () => installSyncRegistry(createSyncRegistry([toyFeature]));

export const noteId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
