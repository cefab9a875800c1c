// A user's address book for checkout. Every read and write is scoped by the user; someone
// else's address id is simply not found. One address is the default (a partial unique index
// holds it): the first address becomes it, setting `isDefault` moves it, and deleting the
// default hands it to the newest remaining address. The book holds MAX_ADDRESSES addresses
// (422 past that). A user's writes take a transaction lock on their book, so two tabs adding
// at once cannot both take the last place or both become the first default.
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type {
  addressDeleteSchema,
  addressNewSchema,
  addressUpdateSchema,
} from '../contracts/shop-calls.ts';
import type { Address } from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { addresses } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, conflict, notFound } from '../lib/errors.ts';

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

/** The default first, then the newest. */
export async function listAddresses(db: Executor, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

export async function addAddress(
  tx: Executor,
  userId: string,
  { id, ...input }: z.infer<typeof addressNewSchema>,
): Promise<Address> {
  await lockBook(tx, userId);
  const [held] = await tx
    .select({ n: count() })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  if (Number(held?.n ?? 0) >= MAX_ADDRESSES) {
    throw new ApiError(
      422,
      `Your address book is full: it holds ${MAX_ADDRESSES} addresses. Delete one to add another.`,
      { addresses: `${MAX_ADDRESSES} addresses at most.` },
    );
  }
  if (input.isDefault) await clearDefault(tx, userId);
  const isDefault = input.isDefault || !(await hasDefault(tx, userId));
  try {
    const [row] = await tx
      .insert(addresses)
      .values({ ...(id ? { id } : {}), ...input, isDefault, userId })
      .returning();
    return toAddress(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('An address with this id already exists.', { id: 'Taken.' });
    throw error;
  }
}

export async function updateAddress(
  tx: Executor,
  userId: string,
  { id, address }: z.infer<typeof addressUpdateSchema>,
): Promise<Address> {
  await lockBook(tx, userId);
  const [existing] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .for('update');
  if (!existing) throw notFound('This address no longer exists.');
  if (address.isDefault) await clearDefault(tx, userId, id);
  // the only default cannot be switched off: some address must be the default
  const isDefault = address.isDefault || existing.isDefault;
  const [row] = await tx
    .update(addresses)
    .set({ ...address, isDefault, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return toAddress(row!);
}

/** Deletes an address (one already gone is no error); the default passes to the newest. */
export async function deleteAddress(
  tx: Executor,
  userId: string,
  { id }: z.infer<typeof addressDeleteSchema>,
) {
  await lockBook(tx, userId);
  const [gone] = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ isDefault: addresses.isDefault });
  if (gone?.isDefault) {
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  }
  return { id, deleted: !!gone };
}
