// Listing the file manager's views: a folder (the caller's root, or any folder they may read),
// recent files, favourites, shared with me, the trash, and a search by name. Folders come
// first, then the chosen sort; pages by limit and offset with the total.
import { and, asc, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { AppDeps } from '../context.ts';
import type { fileListQuery } from '../contracts/files.ts';
import { type FileList, type FileRole } from '../contracts/files.ts';
import { fileItems, fileShares, users } from '../db/schema/index.ts';
import { requireAccess } from './access.ts';
import { toFileItem } from './serialize.ts';

type ListQuery = ReturnType<typeof fileListQuery.parse>;

const CATEGORY_SQL: Record<string, SQL> = {
  image: sql`${fileItems.contentType} like 'image/%'`,
  video: sql`${fileItems.contentType} like 'video/%'`,
  audio: sql`${fileItems.contentType} like 'audio/%'`,
  document: sql`${fileItems.contentType} ~ '^application/(pdf|msword|rtf|vnd\\.(ms-|openxmlformats-officedocument|oasis\\.opendocument))'`,
  text: sql`${fileItems.contentType} ~ '^(text/|application/(json|xml|x-yaml|yaml|csv)$)'`,
};

function categoryFilter(category: string | undefined): SQL | undefined {
  if (!category) return undefined;
  if (category !== 'other') return and(eq(fileItems.kind, 'file'), CATEGORY_SQL[category]);
  const known = Object.values(CATEGORY_SQL);
  return and(
    eq(fileItems.kind, 'file'),
    sql`not (coalesce(${fileItems.contentType}, '') ~ '^(image|video|audio)/' or ${sql.join(known.slice(3), sql` or `)})`,
  );
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function listItems(
  deps: AppDeps,
  userId: string,
  query: ListQuery,
): Promise<FileList> {
  const db = deps.database.db;
  const owner = alias(users, 'owner');
  let where: SQL | undefined;
  let role: FileRole = 'owner';
  let path: FileList['path'] = [];
  let folderRole: FileRole | null = 'owner';
  let shareRole = false;
  const mine = eq(fileItems.ownerId, userId);
  const live = isNull(fileItems.trashedAt);

  switch (query.view) {
    case 'folder':
      if (query.parentId) {
        const access = await requireAccess(db, userId, query.parentId);
        role = access.role;
        folderRole = access.role;
        path = access.chain;
        where = and(eq(fileItems.parentId, query.parentId), access.inTrash ? undefined : live);
      } else {
        where = and(mine, isNull(fileItems.parentId), live);
      }
      break;
    case 'recent':
      where = and(mine, live, eq(fileItems.kind, 'file'));
      folderRole = null;
      break;
    case 'favourites':
      where = and(mine, live, eq(fileItems.favourite, true));
      folderRole = null;
      break;
    case 'shared':
      where = and(
        live,
        sql`exists (select 1 from ${fileShares} s where s.item_id = ${fileItems.id} and s.user_id = ${userId})`,
      );
      shareRole = true;
      folderRole = null;
      break;
    case 'trash':
      // the top of what was trashed; what is under a trashed folder comes back with it
      where = and(
        mine,
        isNotNull(fileItems.trashedAt),
        sql`not exists (select 1 from file_items p where p.id = ${fileItems.parentId} and p.trashed_at is not null)`,
      );
      folderRole = null;
      break;
    case 'search':
      where = and(
        mine,
        live,
        query.q ? ilike(fileItems.name, `%${escapeLike(query.q)}%`) : undefined,
      );
      folderRole = null;
      break;
  }
  if (query.q && query.view !== 'search') {
    where = and(where, ilike(fileItems.name, `%${escapeLike(query.q)}%`));
  }
  where = and(where, categoryFilter(query.category));

  const direction = query.order === 'desc' ? desc : asc;
  const order =
    query.view === 'recent'
      ? [desc(fileItems.updatedAt)]
      : query.view === 'trash'
        ? [desc(fileItems.trashedAt)]
        : [
            asc(sql`case when ${fileItems.kind} = 'folder' then 0 else 1 end`),
            query.sort === 'size'
              ? direction(fileItems.size)
              : query.sort === 'updated'
                ? direction(fileItems.updatedAt)
                : query.sort === 'type'
                  ? direction(sql`coalesce(${fileItems.contentType}, '')`)
                  : direction(sql`lower(${fileItems.name})`),
            asc(fileItems.id),
          ];

  const rows = await db
    .select({
      item: fileItems,
      owner: { id: owner.id, first: owner.firstName, last: owner.lastName, email: owner.email },
      share: shareRole
        ? sql<string>`(select s.role from file_shares s where s.item_id = ${fileItems.id} and s.user_id = ${userId})`
        : sql<null>`null`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(fileItems)
    .innerJoin(owner, eq(owner.id, fileItems.ownerId))
    .where(where)
    .orderBy(...order)
    .limit(query.view === 'recent' ? Math.min(query.limit, 50) : query.limit)
    .offset(query.offset);

  return {
    items: rows.map((r) =>
      toFileItem(
        deps,
        userId,
        r.item,
        { id: r.owner.id, name: `${r.owner.first} ${r.owner.last}`.trim(), email: r.owner.email },
        shareRole ? (r.share === 'editor' ? 'editor' : 'viewer') : role,
      ),
    ),
    total: rows[0]?.total ?? 0,
    path,
    folderRole,
  };
}
