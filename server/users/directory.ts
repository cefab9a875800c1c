// The admin's user directory: one page of users matching a search, role and status, and for
// the cards what each has in the app (videos of the channels they own, chat conversations they
// take part in, people who signed up with their invitation link), counted for that page only.
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

import type { UserCard, userListQuerySchema } from '../contracts/user.ts';
import type { Database } from '../db/client.ts';
import { catalogueChannels, catalogueVideos, chatParticipants, users } from '../db/schema/index.ts';
import { escapeLike } from '../lib/escape.ts';
import { toManagedUser } from './admin-users.ts';

type UserQuery = z.infer<typeof userListQuerySchema>;

export function userFilters(q: Pick<UserQuery, 'search' | 'role' | 'status'>): SQL | undefined {
  const filters: SQL[] = [];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.slug, pattern),
      )!,
    );
  }
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.status) filters.push(eq(users.status, q.status));
  return filters.length ? and(...filters) : undefined;
}

export async function listUsers(db: Database, q: UserQuery) {
  const where = userFilters(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

const countBy = (rows: { id: string | null; n: number }[]) =>
  new Map(rows.flatMap((r) => (r.id ? [[r.id, Number(r.n)] as const] : [])));

export async function userCards(db: Database, q: UserQuery) {
  const { rows, total } = await listUsers(db, q);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { cards: [] as UserCard[], total };
  const [videos, conversations, referrals] = await Promise.all([
    db
      .select({ id: catalogueChannels.ownerUserId, n: count() })
      .from(catalogueVideos)
      .innerJoin(catalogueChannels, eq(catalogueVideos.channelId, catalogueChannels.id))
      .where(inArray(catalogueChannels.ownerUserId, ids))
      .groupBy(catalogueChannels.ownerUserId),
    db
      .select({ id: chatParticipants.userId, n: count() })
      .from(chatParticipants)
      .where(inArray(chatParticipants.userId, ids))
      .groupBy(chatParticipants.userId),
    db
      .select({ id: users.referringUserId, n: count() })
      .from(users)
      .where(inArray(users.referringUserId, ids))
      .groupBy(users.referringUserId),
  ]).then((results) => results.map(countBy));
  const cards: UserCard[] = rows.map((row) => ({
    ...toManagedUser(row),
    counts: {
      videos: videos?.get(row.id) ?? 0,
      conversations: conversations?.get(row.id) ?? 0,
      referrals: referrals?.get(row.id) ?? 0,
    },
  }));
  return { cards, total };
}
