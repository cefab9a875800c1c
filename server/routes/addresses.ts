// /api/addresses: the signed-in user's address book for checkout (server/shop/addresses.ts
// holds its rules). The writes are `mutationPost`s, so a retry with an Idempotency-Key
// (clientId:seq) applies once; without a key they are plain calls.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  addressDeleteSchema,
  addressNewSchema,
  addressUpdateSchema,
} from '../contracts/shop-calls.ts';
import { validate } from '../lib/errors.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from '../shop/addresses.ts';
import { mutationPost } from '../sync/registry.ts';

export const addressRoutes = new Hono<AppEnv>();
addressRoutes.use('*', requireUser);

addressRoutes.get('/', async (c) =>
  c.json({ addresses: await listAddresses(c.var.deps.database.db, currentUser(c).id) }),
);

mutationPost(addressRoutes, '/new', async (tx, body, { user }) => {
  const address = await addAddress(tx, user.id, validate(addressNewSchema, body));
  return { status: 201, body: { address } };
});

mutationPost(addressRoutes, '/update', async (tx, body, { user }) => {
  const address = await updateAddress(tx, user.id, validate(addressUpdateSchema, body));
  return { status: 200, body: { address } };
});

mutationPost(addressRoutes, '/delete', async (tx, body, { user }) => ({
  status: 200,
  body: await deleteAddress(tx, user.id, validate(addressDeleteSchema, body)),
}));
