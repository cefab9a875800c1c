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
import { route } from '../openapi/route.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from '../shop/addresses.ts';
import { mutationPost } from '../sync/registry.ts';

export const addressRoutes = new Hono<AppEnv>();
addressRoutes.use('*', requireUser);

const tag = 'Addresses';

addressRoutes.get('/', route({ tag, access: 'user', summary: 'My addresses.' }), async (c) =>
  c.json({ addresses: await listAddresses(c.var.deps.database.db, currentUser(c).id) }),
);

const added = { tag, summary: 'Add an address.', body: addressNewSchema, status: 201 };
mutationPost(addressRoutes, '/new', added, async (tx, input, { user }) => {
  const address = await addAddress(tx, user.id, input);
  return { status: 201, body: { address } };
});

const changed = { tag, summary: 'Change an address.', body: addressUpdateSchema };
mutationPost(addressRoutes, '/update', changed, async (tx, input, { user }) => {
  const address = await updateAddress(tx, user.id, input);
  return { status: 200, body: { address } };
});

const deleted = { tag, summary: 'Delete an address.', body: addressDeleteSchema };
mutationPost(addressRoutes, '/delete', deleted, async (tx, input, { user }) => ({
  status: 200,
  body: await deleteAddress(tx, user.id, input),
}));
