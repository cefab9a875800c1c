// How a person is shown to the people they share with: their name (first and last, else their
// user name) and email.
import { inArray } from 'drizzle-orm';

import type { Person } from '../contracts/live.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export const displayName = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

export async function people(tx: Executor, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, { id: u.id, name: displayName(u), email: u.email }]));
}
