// Who may do what with an item: its owner, or a user it (or a folder above it) is shared with,
// as viewer or editor. Items in the trash (or under a trashed folder) are the owner's alone.
// Anything else is "not found", so an id guessed or leaked tells a stranger nothing.
import { sql } from 'drizzle-orm';

import type { FileRole } from '../contracts/files.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { fileItems } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';

export type FileRow = typeof fileItems.$inferSelect;

export interface Access {
  role: FileRole;
  ownerId: string;
  inTrash: boolean;
  /** folders from the top the caller can see down to this item (the item included) */
  chain: { id: string; name: string }[];
}

export async function accessTo(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<Access | null> {
  const rows = await queryRows<{
    id: string;
    name: string;
    owner_id: string;
    trashed: boolean;
    depth: number;
    share: string | null;
  }>(
    db,
    sql`with recursive chain as (
        select id, parent_id, owner_id, name, trashed_at, 0 as depth from file_items where id = ${itemId}
        union all
        select p.id, p.parent_id, p.owner_id, p.name, p.trashed_at, c.depth + 1
        from file_items p join chain c on p.id = c.parent_id where c.depth < 100
      )
      select c.id, c.name, c.owner_id, (c.trashed_at is not null) as trashed, c.depth,
        (select s.role from file_shares s where s.item_id = c.id and s.user_id = ${userId}) as share
      from chain c order by c.depth desc`,
  );
  if (rows.length === 0) return null;
  const ownerId = rows[rows.length - 1]!.owner_id;
  const inTrash = rows.some((r) => r.trashed);
  if (ownerId === userId) {
    return {
      role: 'owner',
      ownerId,
      inTrash,
      chain: rows.map((r) => ({ id: r.id, name: r.name })),
    };
  }
  if (inTrash) return null;
  const top = rows.findIndex((r) => r.share !== null);
  if (top < 0) return null;
  const role = rows.some((r) => r.share === 'editor') ? 'editor' : 'viewer';
  return {
    role,
    ownerId,
    inTrash,
    chain: rows.slice(top).map((r) => ({ id: r.id, name: r.name })),
  };
}

/** The item and the caller's access, or 404; `need` narrows to roles that may act. */
export async function requireAccess(
  db: Executor,
  userId: string,
  itemId: string,
  need: FileRole[] = ['owner', 'editor', 'viewer'],
): Promise<Access> {
  const access = await accessTo(db, userId, itemId);
  if (!access || !need.includes(access.role)) throw notFound('No such file or folder.');
  return access;
}
