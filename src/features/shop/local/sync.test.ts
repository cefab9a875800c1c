// The cart's queued changes in the sync panel: each is described in the user's words, with the
// product's or the address's name when it is known, in all five languages.
import { beforeEach, describe, expect, it } from 'vitest';

import { describeChange } from '@/components/sync/describe-change';
import { db, wipeUserData } from '@/lib/db';
import { i18n, initI18n, LANGUAGES, loadAppTranslations, changeLanguage } from '@/lib/i18n';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import type { CartItemInput } from '../../../../server/contracts/shop';
import { addToCart, decreaseQuantity, removeFromCart, resetCart, setBilling, setDelivery } from './cart-store';

const mug: CartItemInput = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Studio Mug',
  slug: 'studio-mug',
  coverUrl: '',
  price: 1600,
  currency: 'USD',
  colors: [],
  size: null,
  available: 5,
};

beforeEach(async () => {
  await wipeUserData();
});

describe('cart changes in the sync panel', () => {
  it('are described with the product or address name, in every language', async () => {
    await initI18n('en');
    await loadAppTranslations();
    await addToCart(mug);
    await addToCart(mug);
    await decreaseQuantity(mug.id);
    await setDelivery('express');
    await setBilling({ id: 'a1', name: 'Bea Buyer', phone: '+1 555', line1: '1 Main St', line2: '', city: 'X', region: '', postcode: '1', country: 'US', type: 'home', isDefault: false });
    await setBilling(null);
    await removeFromCart(mug.id);
    await resetCart();
    const registry = await loadSyncRegistry();
    const rows = await db.outbox.orderBy('seq').toArray();
    const descriptions = await Promise.all(rows.map((row) => describeChange(registry, row)));
    expect(descriptions.map((d) => i18n.t(d.key, { name: d.name }))).toEqual([
      'Add “Studio Mug” to the cart',
      'Add “Studio Mug” to the cart',
      'One less of a product in the cart',
      'Choose express delivery',
      'Bill to “Bea Buyer”',
      'Clear the billing address',
      // removed from the mirror by then: no name to give
      'Remove a product from the cart',
      'Empty the cart',
    ]);
    for (const language of LANGUAGES) {
      await changeLanguage(language);
      for (const d of descriptions) expect(i18n.exists(d.key), `${language}: ${d.key}`).toBe(true);
    }
    await changeLanguage('en');
  });
});
