// A fake of the shop's server for component tests (routes for make-product.ts `stubApi`): one
// user's cart changed by the contract's own `applyCartChange` (queued changes arrive through
// POST /api/sync/batch), an address book, discount codes and orders placed once per key.
import {
  applyCartChange,
  cardBrand,
  CART_CHANGE_PATHS,
  cartTotals,
  emptyCart,
  type Address,
  type Cart,
  type CartChange,
  type Order,
  type OrderInput,
} from '../../../../server/contracts/shop';

type Handler = (request: Request, url: URL) => Response | Promise<Response>;

const CHANGE_TYPES = Object.fromEntries(
  Object.entries(CART_CHANGE_PATHS).map(([type, path]) => [path, type as CartChange['type']]),
);

export function fakeShopServer(options: { cart?: Cart; addresses?: Address[] } = {}) {
  const state = {
    cart: options.cart ?? emptyCart(),
    addresses: options.addresses ?? [],
    orders: [] as Order[],
    /** order id by Idempotency-Key */
    keys: new Map<string, string>(),
    /** what the next POST /api/orders does: answer, or fail the network */
    nextOrder: [] as ('network' | 'stock')[],
  };

  const placeOrder = (input: OrderInput): Order => {
    const totals = cartTotals(state.cart);
    const order: Order = {
      id: crypto.randomUUID(),
      number: `CD-${String(state.orders.length + 1).padStart(6, '0')}`,
      userId: 'u1',
      status: 'paid',
      lines: state.cart.items.map((item) => ({
        productId: item.id,
        name: item.name,
        slug: item.slug,
        coverUrl: item.coverUrl,
        colors: item.colors,
        size: item.size,
        quantity: item.quantity,
        unitPrice: item.price,
        lineTotal: item.price * item.quantity,
      })),
      billing: input.billing,
      delivery: input.delivery,
      currency: 'USD',
      subtotal: totals.subtotal,
      discountCode: state.cart.discountCode,
      discount: totals.discount,
      shipping: totals.shipping,
      total: totals.total,
      payment: { brand: cardBrand(input.payment.number), last4: input.payment.number.replace(/\D/g, '').slice(-4) },
      history: [{ status: 'paid', at: new Date().toISOString() }],
      createdAt: new Date().toISOString(),
    };
    state.orders.unshift(order);
    state.cart = emptyCart();
    return order;
  };

  const routes: Record<string, Handler> = {
    'GET /api/cart': () => Response.json({ cart: state.cart }),
    'POST /api/sync/batch': async (request) => {
      const { changes } = (await request.json()) as {
        changes: { path: string; body: string; key: string }[];
      };
      const results = changes.map((change) => {
        const type = CHANGE_TYPES[change.path];
        if (type) {
          const body = JSON.parse(change.body) as CartChange['body'];
          state.cart = applyCartChange(state.cart, { type, body } as CartChange);
        }
        return { key: change.key, status: 200, body: { cart: state.cart }, replayed: false };
      });
      return Response.json({ results, stopped: false });
    },
    'POST /api/cart/discount': async (request) => {
      const { code } = (await request.json()) as { code: string | null };
      const percent = { WELCOME10: 10, CLIPDECK20: 20 }[code?.toUpperCase() ?? ''];
      if (code !== null && !percent)
        return Response.json({ error: 'Not valid', fields: { code: 'No such code.' } }, { status: 422 });
      state.cart = { ...state.cart, discountCode: code?.toUpperCase() ?? null, discountPercent: percent ?? 0 };
      return Response.json({ cart: state.cart });
    },
    'GET /api/addresses': () => Response.json({ addresses: state.addresses }),
    'POST /api/addresses/new': async (request) => {
      const address = { ...((await request.json()) as Omit<Address, 'id'>), id: crypto.randomUUID() };
      if (address.isDefault) state.addresses = state.addresses.map((a) => ({ ...a, isDefault: false }));
      state.addresses.push(address);
      return Response.json({ address }, { status: 201 });
    },
    'POST /api/addresses/delete': async (request) => {
      const { id } = (await request.json()) as { id: string };
      state.addresses = state.addresses.filter((a) => a.id !== id);
      return Response.json({ deleted: id });
    },
    'POST /api/orders': async (request) => {
      const key = request.headers.get('Idempotency-Key') ?? '';
      const input = (await request.json()) as OrderInput;
      const known = state.keys.get(key);
      const failure = state.nextOrder.shift();
      if (known) return Response.json({ order: state.orders.find((o) => o.id === known) }, { status: 200 });
      if (failure === 'stock')
        return Response.json({ error: 'Not enough stock', fields: { lines: 'Not enough stock: Tee (1 left).' } }, { status: 409 });
      const order = placeOrder(input);
      state.keys.set(key, order.id);
      // the answer is lost on the way back: the order exists all the same
      if (failure === 'network') throw new TypeError('Failed to fetch');
      return Response.json({ order }, { status: 201 });
    },
    'GET /api/orders': () => Response.json({ orders: state.orders }),
    'GET /api/orders/order': (_request, url) => {
      const order = state.orders.find((o) => o.id === url.searchParams.get('id'));
      return order ? Response.json({ order }) : Response.json({ error: 'No such order.' }, { status: 404 });
    },
  };
  return { state, routes };
}
