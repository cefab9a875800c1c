// One item as the caller sees it, with the folders above it that they may see.
import { eq } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { fileItems, users } from '../db/schema/index.ts';
import { requireAccess } from './access.ts';
import { toFileItem } from './serialize.ts';

export async function itemFor(deps: AppDeps, userId: string, id: string) {
  const db = deps.database.db;
  const access = await requireAccess(db, userId, id);
  const [row] = await db
    .select({ item: fileItems, first: users.firstName, last: users.lastName, email: users.email })
    .from(fileItems)
    .innerJoin(users, eq(users.id, fileItems.ownerId))
    .where(eq(fileItems.id, id));
  const owner = {
    id: row!.item.ownerId,
    name: `${row!.first} ${row!.last}`.trim(),
    email: row!.email,
  };
  return {
    item: toFileItem(deps, userId, row!.item, owner, access.role),
    path: access.chain.slice(0, -1),
  };
}
