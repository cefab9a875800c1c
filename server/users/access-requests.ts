// Requests for access made on /auth/request-access: anyone may ask (limited per email and
// per client address, auth/request-limits.ts, 429 past it); admins list them and decide.
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';

import { ACCESS_REQUEST_LIMIT, limitRequest } from '../auth/request-limits.ts';
import { normaliseEmail } from '../auth/users.ts';
import type { accessRequestSchema, accessRequestUpdateSchema } from '../contracts/user.ts';
import type { Database } from '../db/client.ts';
import { accessRequests } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';

/** How many requests the admins' list shows, newest first. */
const LISTED = 500;

export async function requestAccess(
  db: Database,
  input: z.infer<typeof accessRequestSchema>,
  clientIp: string,
) {
  const email = normaliseEmail(input.email);
  await limitRequest(db, ACCESS_REQUEST_LIMIT, { address: clientIp, email });
  await db.insert(accessRequests).values({ ...input, email });
}

export function listAccessRequests(db: Database) {
  return db.select().from(accessRequests).orderBy(desc(accessRequests.createdAt)).limit(LISTED);
}

export async function decideAccessRequest(
  db: Database,
  id: string,
  { status }: z.infer<typeof accessRequestUpdateSchema>,
) {
  const [row] = await db
    .update(accessRequests)
    .set({ status })
    .where(eq(accessRequests.id, id))
    .returning();
  if (!row) throw notFound('No such access request.');
  return row;
}
