// Placing the order: exactly one order per checkout attempt, whatever the clicks, retries, tabs.
//
// - It needs the network (the server prices the lines and takes the stock): offline, nothing
//   is sent and nothing is lost (the cart is on the device, the key is kept).
// - The cart's queued changes are delivered first (the sync engine's replay, then the cart's
//   pull), so the order is the cart the server has, and the page shows the cart it is.
// - The Idempotency-Key is made once per attempt and stored with the checkout state before the
//   request leaves: a double click, a retry after a time-out, a reload or a second tab sends
//   the same key, and the server answers the same order. Attempts in two tabs also take turns
//   (a Web Lock), and a tab that comes second finds the order the first one placed. A definite
//   refusal (out of stock, invalid) ends the attempt: the next one gets a new key.
// - An attempt whose answer was lost may have placed the order: the server then refuses the
//   key with another request (422 naming Idempotency-Key), or has emptied the cart the retry
//   would send. Either way that order is the one shown (the newest), never a second one.
// - Once placed, the server has emptied its cart; the mirror is refreshed from it.
import { ApiRequestError } from '@/lib/api-client';
import { db } from '@/lib/db';
import { pullFeatures } from '@/lib/sync/engine';
import { syncLockReleased } from '@/lib/sync/lock';
import { resetBackoff } from '@/lib/sync/replay';
import { syncStatusStore } from '@/lib/sync/status';

import {
  emptyCart,
  type Order,
  type OrderInput,
  type PaymentInput,
} from '../../../../server/contracts/shop';
import {
  getOrder,
  getOrders,
  getServerCart,
  ORDER_IDEMPOTENCY_HEADER,
  postOrder,
} from '../api/checkout-api';
import { CART_OPERATIONS, queuedCartChanges, storeServerCart } from './cart-store';
import { readStoredCheckout, storeCheckout } from './checkout-state';
import { readCart } from './tables';

export type CheckoutProblem =
  | 'offline'
  | 'paused'
  | 'unsynced'
  | 'cartChanged'
  | 'empty'
  | 'noBilling'
  | 'noDelivery'
  | 'stock'
  | 'invalid'
  | 'unreachable';

export class CheckoutError extends Error {
  constructor(
    readonly problem: CheckoutProblem,
    readonly fields: Record<string, string> = {},
    message: string = problem,
  ) {
    super(message);
  }
}

const CHECKOUT_LOCK = 'clipdeck-checkout';
let inPage: Promise<unknown> = Promise.resolve();

function oneAttemptAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request(CHECKOUT_LOCK, run);
  const next = inPage.then(run, run);
  inPage = next.catch(() => undefined);
  return next;
}

const rejectedCartChanges = () =>
  db.outbox
    .where('status')
    .equals('rejected')
    .filter((row) => CART_OPERATIONS.includes(row.op))
    .count();

/** How long the order waits for another tab's or the service worker's replay to end. */
const REPLAY_WAIT_MS = 20_000;

/** Delivers the cart's queued changes; throws when they cannot all be delivered now. */
async function deliverCartChanges() {
  const rejectedBefore = await rejectedCartChanges();
  for (let attempt = 1; (await queuedCartChanges()) > 0; attempt += 1) {
    await resetBackoff();
    await pullFeatures(['cart']);
    if ((await queuedCartChanges()) === 0) break;
    const status = syncStatusStore.get();
    if (status.paused) throw new CheckoutError('paused');
    if (status.lastError || attempt >= 4) throw new CheckoutError('unsynced');
    // another tab or the service worker is delivering them (it holds the sync lock): its turn
    // ends when its requests are answered, then this one tries again
    if (!(await syncLockReleased(REPLAY_WAIT_MS))) throw new CheckoutError('unsynced');
  }
  if ((await rejectedCartChanges()) > rejectedBefore) throw new CheckoutError('cartChanged');
}

async function refreshCart() {
  try {
    await storeServerCart((await getServerCart()).cart);
  } catch {
    // the order is placed and the server's cart emptied: so is this one until the next pull
    await storeServerCart(emptyCart());
  }
}

/** The order a lost answer placed: the newest one, if it is recent. */
async function orderPlacedEarlier(): Promise<Order | null> {
  const { orders } = await getOrders();
  const newest = orders[0];
  const recent = newest && Date.now() - Date.parse(newest.createdAt) < 24 * 60 * 60 * 1000;
  return recent ? newest : null;
}

async function placed(order: Order): Promise<Order> {
  await refreshCart();
  storeCheckout({ activeStep: 3, orderId: order.id });
  return order;
}

async function orderInput(payment: PaymentInput): Promise<OrderInput> {
  const cart = await readCart();
  if (!cart.items.length) throw new CheckoutError('empty');
  if (!cart.billing) throw new CheckoutError('noBilling');
  if (!cart.delivery) throw new CheckoutError('noDelivery');
  const { id: _id, ...billing } = cart.billing;
  return {
    lines: cart.items.map(({ id, quantity, colors, size }) => ({ id, quantity, colors, size })),
    billing,
    delivery: cart.delivery,
    discountCode: cart.discountCode,
    payment,
  };
}

function refusal(error: unknown): CheckoutError | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 409) return new CheckoutError('stock', error.fields, error.message);
  if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429)
    return new CheckoutError('invalid', error.fields, error.message);
  return null;
}

export function placeOrder(
  payment: PaymentInput,
  online: () => boolean = () => navigator.onLine,
): Promise<Order> {
  if (!online()) return Promise.reject(new CheckoutError('offline'));
  return oneAttemptAtATime(async () => {
    const stored = readStoredCheckout();
    // another tab (or an earlier click) placed it while this one waited its turn
    if (stored.orderId) return (await getOrder(stored.orderId)).order;
    await deliverCartChanges();
    if (stored.orderKey && !(await readCart()).items.length) {
      const earlier = await orderPlacedEarlier();
      if (earlier) return placed(earlier);
    }
    const input = await orderInput(payment);
    const key = stored.orderKey ?? crypto.randomUUID();
    if (!stored.orderKey) storeCheckout({ ...stored, orderKey: key });
    let order: Order;
    try {
      order = (await postOrder(input, key)).order;
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw new CheckoutError('unreachable');
      if (ORDER_IDEMPOTENCY_HEADER in refused.fields) {
        const earlier = await orderPlacedEarlier();
        if (earlier) return placed(earlier);
      }
      // a definite answer ends this attempt; the next one is a new order
      storeCheckout({ ...readStoredCheckout(), orderKey: undefined });
      if (refused.problem === 'stock') await refreshCart();
      throw refused;
    }
    return placed(order);
  });
}
