// /api/addresses: the signed-in user's address book for checkout. Every read and write is
// scoped by the user; someone else's address id is simply not found. One address is the
// default (a partial unique index holds it): the first address becomes it, setting `isDefault`
// moves it, and deleting the default hands it to the newest remaining address. The book holds
// MAX_ADDRESSES addresses (422 past that). The writes are `mutationPost`s, so a retry with an
// Idempotency-Key (clientId:seq) applies once; without a key they are plain calls. A user's
// writes take a transaction lock on their book, so two tabs adding at once cannot both take
// the last place or both become the first default.
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { addressInputSchema, type Address } from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { addresses } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, conflict, notFound, validate } from '../lib/errors.ts';
import { mutationPost } from '../sync/registry.ts';

export const MAX_ADDRESSES = 20;

type AddressRow = typeof addresses.$inferSelect;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    country: row.country,
    type: row.type,
    isDefault: row.isDefault,
  };
}

export const newSchema = addressInputSchema.extend({ id: z.uuid('id must be a UUID.').optional() });
export const updateSchema = z.object({
  id: z.uuid('id must be an address id.'),
  address: addressInputSchema,
});
export const deleteSchema = z.object({ id: z.uuid('id must be an address id.') });

/** One user's address writes run one at a time (the count and the default are read first). */
async function lockBook(tx: Executor, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`,
  );
}

async function clearDefault(tx: Executor, userId: string, except?: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        except ? ne(addresses.id, except) : undefined,
      ),
    );
}

async function hasDefault(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  return !!row;
}

export const addressRoutes = new Hono<AppEnv>();
addressRoutes.use('*', requireUser);

addressRoutes.get('/', async (c) => {
  const rows = await c.var.deps.database.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, currentUser(c).id))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return c.json({ addresses: rows.map(toAddress) });
});

mutationPost(addressRoutes, '/new', async (tx, body, { user }) => {
  const { id, ...input } = validate(newSchema, body);
  await lockBook(tx, user.id);
  const [held] = await tx
    .select({ n: count() })
    .from(addresses)
    .where(eq(addresses.userId, user.id));
  if (Number(held?.n ?? 0) >= MAX_ADDRESSES) {
    throw new ApiError(
      422,
      `Your address book is full: it holds ${MAX_ADDRESSES} addresses. Delete one to add another.`,
      { addresses: `${MAX_ADDRESSES} addresses at most.` },
    );
  }
  if (input.isDefault) await clearDefault(tx, user.id);
  const isDefault = input.isDefault || !(await hasDefault(tx, user.id));
  try {
    const [row] = await tx
      .insert(addresses)
      .values({ ...(id ? { id } : {}), ...input, isDefault, userId: user.id })
      .returning();
    return { status: 201, body: { address: toAddress(row!) } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('An address with this id already exists.', { id: 'Taken.' });
    throw error;
  }
});

mutationPost(addressRoutes, '/update', async (tx, body, { user }) => {
  const { id, address } = validate(updateSchema, body);
  await lockBook(tx, user.id);
  const [existing] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, user.id)))
    .for('update');
  if (!existing) throw notFound('This address no longer exists.');
  if (address.isDefault) await clearDefault(tx, user.id, id);
  // the only default cannot be switched off: some address must be the default
  const isDefault = address.isDefault || existing.isDefault;
  const [row] = await tx
    .update(addresses)
    .set({ ...address, isDefault, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, user.id)))
    .returning();
  return { status: 200, body: { address: toAddress(row!) } };
});

mutationPost(addressRoutes, '/delete', async (tx, body, { user }) => {
  const { id } = validate(deleteSchema, body);
  await lockBook(tx, user.id);
  const [gone] = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, user.id)))
    .returning({ isDefault: addresses.isDefault });
  if (gone?.isDefault) {
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, user.id))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  }
  return { status: 200, body: { id, deleted: !!gone } };
});
