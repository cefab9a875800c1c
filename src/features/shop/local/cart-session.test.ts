// A cart built on this device while the session was lost: its changes wait in the queue, paused
// by a 401. Signing in again as the same user replays them on top of the server's cart (the
// merge); signing in as someone else wipes them, so that user never gets this cart. Runs the
// real auth store, outbox, replay and pull against a fake server per user.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { login, logout, resetAuthForTests, setAuthNavigator } from '@/lib/auth/auth-store';
import { db, wipeUserData } from '@/lib/db';
import { initI18n } from '@/lib/i18n';
import { syncNow, syncStatusStore } from '@/lib/sync/engine';

import { emptyCart, type Cart, type CartItemInput } from '../../../../server/contracts/shop';
import type { PublicUser } from '../../../../server/contracts/user';
import { fakeShopServer } from '../testing/fake-shop-server';
import { addToCart, increaseQuantity } from './cart-store';
import { readCart } from './tables';

const person = (id: string): PublicUser => ({
  id,
  firstName: id,
  lastName: 'Buyer',
  email: `${id}@example.com`,
  username: `${id}@example.com`,
  slug: id,
  role: 'user',
  youtubeExternalId: null,
  referringUserId: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const jwt = (sub: string, n: number) => {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ sub, n, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
};

const mug = (n: number): CartItemInput => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Mug ${n}`,
  slug: `mug-${n}`,
  coverUrl: '',
  price: 900,
  currency: 'USD',
  colors: ['#000000'],
  size: null,
  available: 10,
});

/** One fake shop server per user; a token names its user; a revoked token answers 401. */
function servers(carts: Record<string, Cart>) {
  const byUser = Object.fromEntries(Object.entries(carts).map(([id, cart]) => [id, fakeShopServer({ cart })]));
  const revoked = new Set<string>();
  let issued = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    if (url.pathname === '/api/v1/user/login') {
      const { email } = (await request.json()) as { email: string };
      const id = email.split('@')[0]!;
      issued += 1;
      return Response.json({ accessToken: jwt(id, issued), user: person(id) });
    }
    const token = request.headers.get('Authorization')?.replace('Bearer ', '') ?? '';
    if (!token || revoked.has(token)) return Response.json({ error: 'Sign in again.' }, { status: 401 });
    const sub = (JSON.parse(atob(token.split('.')[1]!)) as { sub: string }).sub;
    const handler = byUser[sub]?.routes[`${request.method} ${url.pathname}`];
    return handler ? handler(request, url) : Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { byUser, revoke: (token: string) => revoked.add(token) };
}

const signIn = (id: string) => login({ email: `${id}@example.com`, password: 'password-123', token: '' });
const queued = () => db.outbox.where('status').equals('queued').count();

beforeEach(async () => {
  await initI18n('en');
  resetAuthForTests();
  setAuthNavigator(() => undefined);
  await wipeUserData();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTests();
});

describe('a cart built while the session was lost', () => {
  const otherDevice: Cart = { ...emptyCart(), items: [{ ...mug(1), quantity: 2 }] };

  async function buildWhileSessionLost(world: ReturnType<typeof servers>) {
    await signIn('ann');
    await syncNow();
    expect((await readCart()).items).toEqual(otherDevice.items);
    // the session is revoked on the server: the next replay is refused and pauses the queue
    world.revoke(localStorage.getItem('accessToken')!);
    await addToCart(mug(1));
    await addToCart(mug(2));
    await increaseQuantity(mug(2).id);
    await syncNow();
    expect(syncStatusStore.get().paused).toBe(true);
    expect(await queued()).toBe(3);
    // the device shows the cart with the queued intents on top
    expect((await readCart()).items.map((i) => [i.name, i.quantity])).toEqual([
      ['Mug 1', 3],
      ['Mug 2', 2],
    ]);
  }

  it('signing in again as the same user merges it into the server’s cart', async () => {
    const world = servers({ ann: otherDevice });
    await buildWhileSessionLost(world);
    await signIn('ann');
    await syncNow();
    expect(syncStatusStore.get().paused).toBe(false);
    expect(await queued()).toBe(0);
    const merged = [
      ['Mug 1', 3],
      ['Mug 2', 2],
    ];
    expect(world.byUser.ann!.state.cart.items.map((i) => [i.name, i.quantity])).toEqual(merged);
    expect((await readCart()).items.map((i) => [i.name, i.quantity])).toEqual(merged);
  });

  it('signing in as someone else never gives them this cart', async () => {
    const world = servers({ ann: otherDevice, bob: emptyCart() });
    await buildWhileSessionLost(world);
    await signIn('bob');
    expect(await db.outbox.count()).toBe(0);
    await syncNow();
    expect(world.byUser.bob!.state.cart.items).toEqual([]);
    expect((await readCart()).items).toEqual([]);
    // and Ann's server cart never got the intents either: they were Ann's unsent work
    expect(world.byUser.ann!.state.cart.items).toEqual(otherDevice.items);
  });

  it('logging out wipes the cart and its queue', async () => {
    servers({ ann: otherDevice });
    await signIn('ann');
    await addToCart(mug(3));
    await logout();
    expect(await db.outbox.count()).toBe(0);
    expect((await readCart()).items).toEqual([]);
  });
});
