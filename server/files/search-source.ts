import { and, desc, eq, isNull } from 'drizzle-orm';

import { fileItems } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, type SearchSource } from '../search/source.ts';

/** The searcher's files and folders not in the trash, by name. */
export const fileSearchSource: SearchSource = async (db, who, words) => {
  const rows = await db
    .select({ id: fileItems.id, name: fileItems.name, kind: fileItems.kind, parentId: fileItems.parentId, at: fileItems.updatedAt })
    .from(fileItems)
    .where(and(eq(fileItems.ownerId, who.userId), isNull(fileItems.trashedAt), everyWord(words, [fileItems.name])))
    .orderBy(desc(fileItems.updatedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.name, '', iso(r.at), {
        kind: 'file',
        id: r.id,
        detail: r.kind,
        target: { kind: 'file', fileId: r.id, parentId: r.parentId, name: r.name },
      }),
    ),
  );
};
