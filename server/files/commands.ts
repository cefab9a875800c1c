// Changes to the tree: folders, renames, moves, trash and restore, favourites and sharing.
// Only the owner moves, trashes, deletes and shares; an editor may rename and add to a
// shared folder; a viewer only reads. Every id is checked with `requireAccess` (404 if not
// readable, and also 404 if the caller's role may not do this).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { FileShare } from '../contracts/files.ts';
import { queryRows } from '../db/rows.ts';
import { fileItems, fileShares, users } from '../db/schema/index.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { requireAccess } from './access.ts';
import { freeName } from './names.ts';

/** The folder new items go into (null: the caller's root); the caller must own or edit it. */
export async function targetFolder(deps: AppDeps, userId: string, parentId: string | null) {
  if (!parentId) return { ownerId: userId, parentId: null };
  const access = await requireAccess(deps.database.db, userId, parentId, ['owner', 'editor']);
  const [row] = await deps.database.db
    .select({ kind: fileItems.kind })
    .from(fileItems)
    .where(eq(fileItems.id, parentId));
  if (row?.kind !== 'folder' || access.inTrash)
    throw badRequest('Choose a folder.', { parentId: 'Not a folder.' });
  return { ownerId: access.ownerId, parentId };
}

export async function createFolder(
  deps: AppDeps,
  userId: string,
  name: string,
  parentId: string | null,
) {
  const target = await targetFolder(deps, userId, parentId);
  const db = deps.database.db;
  const [row] = await db
    .insert(fileItems)
    .values({
      ownerId: target.ownerId,
      parentId: target.parentId,
      kind: 'folder',
      name: await freeName(db, target.ownerId, target.parentId, name),
      createdBy: userId,
    })
    .returning();
  return row!;
}

export async function renameItem(deps: AppDeps, userId: string, id: string, name: string) {
  const db = deps.database.db;
  const access = await requireAccess(db, userId, id, ['owner', 'editor']);
  const [item] = await db.select().from(fileItems).where(eq(fileItems.id, id));
  const free = await freeName(db, access.ownerId, item!.parentId, name, id);
  if (free !== name)
    throw conflict('An item with this name is already here.', { name: 'Already used here.' });
  const [row] = await db
    .update(fileItems)
    .set({ name, updatedAt: new Date() })
    .where(eq(fileItems.id, id))
    .returning();
  return row!;
}

async function ownedItems(deps: AppDeps, userId: string, ids: string[]) {
  const rows = await deps.database.db
    .select()
    .from(fileItems)
    .where(and(inArray(fileItems.id, ids), eq(fileItems.ownerId, userId)));
  if (rows.length !== new Set(ids).size)
    throw badRequest('Some items are not yours or do not exist.', { ids: 'Unknown items.' });
  return rows;
}

export async function moveItems(
  deps: AppDeps,
  userId: string,
  ids: string[],
  parentId: string | null,
) {
  const db = deps.database.db;
  const rows = await ownedItems(deps, userId, ids);
  if (parentId) {
    const access = await requireAccess(db, userId, parentId, ['owner']);
    if (access.inTrash)
      throw badRequest('The folder is in the trash.', { parentId: 'In the trash.' });
    const [target] = await db
      .select({ kind: fileItems.kind })
      .from(fileItems)
      .where(eq(fileItems.id, parentId));
    if (target?.kind !== 'folder')
      throw badRequest('Choose a folder.', { parentId: 'Not a folder.' });
    if (access.chain.some((f) => ids.includes(f.id)))
      throw badRequest('A folder cannot go inside itself.', { parentId: 'Inside a moved folder.' });
  }
  await db.transaction(async (tx) => {
    for (const row of rows) {
      if (row.parentId === parentId) continue;
      const name = await freeName(tx, userId, parentId, row.name, row.id);
      await tx
        .update(fileItems)
        .set({ parentId, name, updatedAt: new Date() })
        .where(eq(fileItems.id, row.id));
    }
  });
}

/** Trashes the items and everything under them (one timestamp, so restore brings them back together). */
export async function trashItems(deps: AppDeps, userId: string, ids: string[]) {
  await ownedItems(deps, userId, ids);
  const now = new Date().toISOString();
  await deps.database.db.execute(sql`with recursive tree as (
      select id from file_items where id = any(${`{${ids.join(',')}}`}::uuid[]) and owner_id = ${userId} and trashed_at is null
      union all
      select c.id from file_items c join tree t on c.parent_id = t.id where c.trashed_at is null
    ) update file_items set trashed_at = ${now} where id in (select id from tree)`);
}

export async function restoreItems(deps: AppDeps, userId: string, ids: string[]) {
  const rows = await ownedItems(deps, userId, ids);
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      if (!row.trashedAt) continue;
      await tx.execute(sql`with recursive tree as (
          select id from file_items where id = ${row.id}
          union all
          select c.id from file_items c join tree t on c.parent_id = t.id
            where c.trashed_at = ${row.trashedAt.toISOString()}
        ) update file_items set trashed_at = null where id in (select id from tree)`);
      // back where it was unless that folder is gone to the trash: then to the root
      const [parent] = row.parentId
        ? await tx
            .select({ trashedAt: fileItems.trashedAt })
            .from(fileItems)
            .where(eq(fileItems.id, row.parentId))
        : [];
      const parentId = parent && !parent.trashedAt ? row.parentId : null;
      const name = await freeName(tx, userId, parentId, row.name, row.id);
      await tx.update(fileItems).set({ parentId, name }).where(eq(fileItems.id, row.id));
    }
  });
}

export async function deleteForever(deps: AppDeps, userId: string, ids: string[] | 'all') {
  const db = deps.database.db;
  const where =
    ids === 'all'
      ? and(eq(fileItems.ownerId, userId), isNotNull(fileItems.trashedAt))
      : and(
          eq(fileItems.ownerId, userId),
          isNotNull(fileItems.trashedAt),
          inArray(fileItems.id, ids),
        );
  const gone = await db.delete(fileItems).where(where).returning({ id: fileItems.id });
  return gone.length;
}

export async function setFavourite(
  deps: AppDeps,
  userId: string,
  ids: string[],
  favourite: boolean,
) {
  await ownedItems(deps, userId, ids);
  await deps.database.db
    .update(fileItems)
    .set({ favourite })
    .where(and(inArray(fileItems.id, ids), eq(fileItems.ownerId, userId)));
}

export async function listShares(deps: AppDeps, userId: string, id: string): Promise<FileShare[]> {
  await requireAccess(deps.database.db, userId, id, ['owner']);
  const rows = await deps.database.db
    .select({
      userId: fileShares.userId,
      role: fileShares.role,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
    })
    .from(fileShares)
    .innerJoin(users, eq(users.id, fileShares.userId))
    .where(eq(fileShares.itemId, id))
    .orderBy(users.email);
  return rows.map((r) => ({
    userId: r.userId,
    role: r.role,
    email: r.email,
    name: `${r.first} ${r.last}`.trim(),
  }));
}

export async function shareItem(
  deps: AppDeps,
  userId: string,
  id: string,
  email: string,
  role: 'viewer' | 'editor',
) {
  const db = deps.database.db;
  await requireAccess(db, userId, id, ['owner']);
  const [grantee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active')));
  if (!grantee)
    throw badRequest('No Clipdeck user has this address.', {
      email: 'No Clipdeck user has this address.',
    });
  if (grantee.id === userId) throw badRequest('This is you.', { email: 'You already own it.' });
  await queryRows(
    db,
    sql`insert into file_shares (item_id, user_id, role) values (${id}, ${grantee.id}, ${role})
      on conflict (item_id, user_id) do update set role = excluded.role`,
  );
  return listShares(deps, userId, id);
}

export async function unshareItem(deps: AppDeps, userId: string, id: string, granteeId: string) {
  await requireAccess(deps.database.db, userId, id, ['owner']);
  await deps.database.db
    .delete(fileShares)
    .where(and(eq(fileShares.itemId, id), eq(fileShares.userId, granteeId)));
  return listShares(deps, userId, id);
}
