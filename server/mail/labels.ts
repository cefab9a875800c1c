// The viewer's own mail labels: create, rename or recolour, delete (which takes the label off
// every mail). Names are unique per user (409 naming `name`); another user's label id is
// "not found".
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type {
  labelCreateSchema,
  labelDeleteSchema,
  labelUpdateSchema,
} from '../contracts/mail.ts';
import type { Database } from '../db/client.ts';
import { mailboxItems, mailLabels } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { conflict, notFound } from '../lib/errors.ts';

const nameTaken = (error: unknown) =>
  isUniqueViolation(error)
    ? conflict('You already have a label with this name.', { name: 'Already used.' })
    : error;

export async function createLabel(
  db: Database,
  viewerId: string,
  input: z.infer<typeof labelCreateSchema>,
) {
  try {
    const [label] = await db
      .insert(mailLabels)
      .values({ ownerId: viewerId, ...input })
      .returning();
    return { ...label!, type: 'custom' as const, unreadCount: 0, totalCount: 0 };
  } catch (error) {
    throw nameTaken(error);
  }
}

export async function updateLabel(
  db: Database,
  viewerId: string,
  { labelId, ...changes }: z.infer<typeof labelUpdateSchema>,
) {
  const mine = and(eq(mailLabels.id, labelId), eq(mailLabels.ownerId, viewerId));
  let label: typeof mailLabels.$inferSelect | undefined;
  try {
    // nothing to change answers the label as it is (an UPDATE with no column is an error)
    [label] = Object.values(changes).some((v) => v !== undefined)
      ? await db.update(mailLabels).set(changes).where(mine).returning()
      : await db.select().from(mailLabels).where(mine);
  } catch (error) {
    throw nameTaken(error);
  }
  if (!label) throw notFound('No such label.');
  return { ...label, type: 'custom' as const };
}

export async function deleteLabel(
  db: Database,
  viewerId: string,
  { labelId }: z.infer<typeof labelDeleteSchema>,
) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(mailLabels)
      .where(and(eq(mailLabels.id, labelId), eq(mailLabels.ownerId, viewerId)))
      .returning({ id: mailLabels.id });
    if (!gone) throw notFound('No such label.');
    await tx
      .update(mailboxItems)
      .set({ labelIds: sql`array_remove(${mailboxItems.labelIds}, ${labelId})` })
      .where(eq(mailboxItems.ownerId, viewerId));
  });
}
