// The checkout's REST calls (server/routes/shop*.ts): the cart as the server keeps it, the
// discount code (online only), the address book and orders. The cart's own changes do not go
// here: they are queued through the sync registry (local/sync.ts).
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Address, AddressInput, Cart, Order, OrderInput } from '../../../../server/contracts/shop';

export const ORDER_IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const getServerCart = () => api.get('/api/cart').json<{ cart: Cart }>();

/** Applies (or, with null, removes) a discount code; 422 `fields.code` when it is not valid. */
export const applyDiscountCode = (code: string | null) =>
  api.post('/api/cart/discount', { json: { code } }).json<{ cart: Cart }>();

export const getAddresses = () => api.get('/api/addresses').json<{ addresses: Address[] }>();

export const createAddress = (address: AddressInput) =>
  api.post('/api/addresses/new', { json: address }).json<{ address: Address }>();

export const updateAddress = (id: string, address: AddressInput) =>
  api.post('/api/addresses/update', { json: { id, address } }).json<{ address: Address }>();

export const deleteAddress = (id: string) =>
  api.post('/api/addresses/delete', { json: { id } }).json<unknown>();

/** One order per key: the same key sent again answers the same order. */
export const postOrder = (input: OrderInput, key: string) =>
  api
    .post('/api/orders', { json: input, headers: { [ORDER_IDEMPOTENCY_HEADER]: key } })
    .json<{ order: Order }>();

/** The user's orders, newest first. */
export const getOrders = () => api.get('/api/orders').json<{ orders: Order[] }>();

export const getOrder = (id: string) =>
  api.get('/api/orders/order', { searchParams: { id } }).json<{ order: Order }>();

export const addressesQuery = () =>
  queryOptions({ queryKey: ['shop', 'addresses'], queryFn: getAddresses });

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['shop', 'orders', id], queryFn: () => getOrder(id) });
