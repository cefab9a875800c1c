// Changes to mail the viewer already has: read/starred/important flags, moving between
// folders, restoring from the trash and labelling. Each touches only the viewer's own mailbox
// items (another user's id is ignored) and answers the mails as they now are.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type {
  mailFlagsSchema,
  mailIdsSchema,
  mailLabelAssignSchema,
  mailMoveSchema,
} from '../contracts/mail.ts';
import type { Database } from '../db/client.ts';
import { mailboxItems, mailLabels } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { getMails } from './queries.ts';

const mine = (viewerId: string, mailIds: string[]) =>
  and(eq(mailboxItems.ownerId, viewerId), inArray(mailboxItems.id, mailIds));

export async function setFlags(
  db: Database,
  viewerId: string,
  { mailIds, ...flags }: z.infer<typeof mailFlagsSchema>,
) {
  await db.update(mailboxItems).set(flags).where(mine(viewerId, mailIds));
  return getMails(db, viewerId, mailIds);
}

/** To the trash (remembering where from), or between inbox and spam: sent mail and drafts
 *  keep their folder. */
export async function moveMails(
  db: Database,
  viewerId: string,
  { mailIds, folder }: z.infer<typeof mailMoveSchema>,
) {
  if (folder === 'trash') {
    await db
      .update(mailboxItems)
      .set({
        previousFolder: sql`case when ${mailboxItems.folder} = 'trash' then ${mailboxItems.previousFolder} else ${mailboxItems.folder} end`,
        folder: 'trash',
      })
      .where(mine(viewerId, mailIds));
  } else {
    await db
      .update(mailboxItems)
      .set({ folder, previousFolder: null })
      .where(
        and(mine(viewerId, mailIds), inArray(mailboxItems.folder, ['inbox', 'spam', 'trash'])),
      );
  }
  return getMails(db, viewerId, mailIds);
}

/** Back from the trash to the folder it came from (the inbox when unknown). */
export async function restoreMails(
  db: Database,
  viewerId: string,
  { mailIds }: z.infer<typeof mailIdsSchema>,
) {
  await db
    .update(mailboxItems)
    .set({ folder: sql`coalesce(${mailboxItems.previousFolder}, 'inbox')`, previousFolder: null })
    .where(and(mine(viewerId, mailIds), eq(mailboxItems.folder, 'trash')));
  return getMails(db, viewerId, mailIds);
}

/** Adds and removes the viewer's own labels (an unknown label is a 400 naming `add`). */
export async function assignLabels(
  db: Database,
  viewerId: string,
  { mailIds, add, remove }: z.infer<typeof mailLabelAssignSchema>,
) {
  const asked = [...new Set([...add, ...remove])];
  if (asked.length > 0) {
    const own = await db
      .select({ id: mailLabels.id })
      .from(mailLabels)
      .where(and(eq(mailLabels.ownerId, viewerId), inArray(mailLabels.id, asked)));
    if (own.length !== asked.length) throw badRequest('Unknown label.', { add: 'Unknown label.' });
  }
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: mailboxItems.id, labelIds: mailboxItems.labelIds })
      .from(mailboxItems)
      .where(mine(viewerId, mailIds));
    for (const row of rows) {
      const next = [...new Set([...row.labelIds, ...add])].filter((l) => !remove.includes(l));
      await tx.update(mailboxItems).set({ labelIds: next }).where(eq(mailboxItems.id, row.id));
    }
  });
  return getMails(db, viewerId, mailIds);
}
