// The tables of the device's mirror, declared before the database first opens: src/app lists
// every mirrored feature's store (`provideMirrorStores`), each feature owns its own schema in
// `features/<name>/local/schema.ts`. A small module with no imports, so declaring the schema
// costs the first screen nothing; the database and the features' code stay lazy.

/** A feature's Dexie tables (Dexie schema strings by table name) and the keys it keeps in
 *  `meta` (wiped with the user's data). */
export interface MirrorStore {
  tables: Record<string, string>;
  metaKeys?: string[];
}

let provided: MirrorStore[] | null = null;

/** src/app, as the app starts (and the client tests' setup). */
export function provideMirrorStores(stores: MirrorStore[]) {
  provided = stores;
}

export function mirrorStores(): MirrorStore[] {
  if (!provided) throw new Error('The mirror is opened before its tables were declared (provideMirrorStores).');
  return provided;
}
