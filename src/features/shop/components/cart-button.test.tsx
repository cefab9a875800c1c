import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { wipeUserData } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import type { CartItemInput } from '../../../../server/contracts/shop';
import { addToCart, increaseQuantity, removeFromCart } from '../local/cart-store';
import { CartButton } from './cart-button';

const item = (n: number): CartItemInput => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Mug ${n}`,
  slug: `mug-${n}`,
  coverUrl: '',
  price: 900,
  currency: 'USD',
  colors: [],
  size: null,
  available: 10,
});

beforeEach(async () => {
  await wipeUserData();
});

describe('the header cart button', () => {
  it('shows the number of items (totalItems), live, and opens the checkout', async () => {
    await addToCart(item(1));
    await increaseQuantity(item(1).id);
    await addToCart(item(2));
    await renderWithProviders(<CartButton />);
    const button = await screen.findByRole('link', { name: 'Cart: 3 items' });
    expect(button).toHaveAttribute('href', '/dashboard/e-commerce/checkout');
    expect(screen.getByText('3')).toBeInTheDocument();
    await removeFromCart(item(1).id);
    expect(await screen.findByRole('link', { name: 'Cart: 1 item' })).toBeInTheDocument();
  });

  it('an empty cart shows no count', async () => {
    await renderWithProviders(<CartButton />);
    const button = await screen.findByRole('link', { name: 'Cart: 0 items' });
    expect(button).toHaveAttribute('data-count', '0');
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });
});
