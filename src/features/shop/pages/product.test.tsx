import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type * as CartStore from '../local/cart-store';
import { CartLimitError } from '../local/cart-store';
import { makeProduct, stubApi } from '../testing/make-product';
import ProductPage from './product';

const cart = vi.hoisted(() => ({ addToCart: vi.fn((_item: unknown) => Promise.resolve()) }));
vi.mock('../local/cart-store', async (importOriginal) => ({
  ...(await importOriginal<typeof CartStore>()),
  addToCart: cart.addToCart,
}));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    isInitialized: true,
    isAuthenticated: true,
    user: { id: 'u1', firstName: 'Bea', lastName: 'Buyer', role: 'user' },
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  cart.addToCart.mockClear();
});

const routes = [{ path: '/dashboard/e-commerce/product/:name', element: <ProductPage /> }];
const open = (name = 'clipdeck-logo-tee') =>
  renderWithProviders(null, { routes, route: `/dashboard/e-commerce/product/${name}` });

describe('product page', () => {
  it('adds the chosen colour, size and quantity to the cart (the sale price, the stock)', async () => {
    stubApi({
      'GET /api/products/product': () => Response.json({ product: makeProduct() }),
      'GET /api/products/reviews': () => Response.json({ reviews: [] }),
    });
    const { user } = await open();
    await screen.findByRole('heading', { name: 'Clipdeck Logo Tee' });
    await user.click(screen.getByRole('radio', { name: '#E53935' }));
    await user.click(screen.getByRole('radio', { name: 'L' }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(cart.addToCart).toHaveBeenCalledTimes(2));
    expect(cart.addToCart).toHaveBeenCalledWith({
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Clipdeck Logo Tee',
      slug: 'clipdeck-logo-tee',
      coverUrl: '/img/tee-1.png',
      price: 1999,
      currency: 'USD',
      colors: ['#E53935'],
      size: 'L',
      available: 5,
    });
    expect(await screen.findByText('2 × Clipdeck Logo Tee added to your cart')).toBeInTheDocument();
  });

  it('says why the cart refused more, keeping what was added', async () => {
    cart.addToCart
      .mockImplementationOnce(() => Promise.resolve())
      .mockImplementationOnce(() =>
        Promise.reject(new CartLimitError('noMore', 'quantity', 'No more of this product is available.')),
      );
    stubApi({
      'GET /api/products/product': () => Response.json({ product: makeProduct() }),
      'GET /api/products/reviews': () => Response.json({ reviews: [] }),
    });
    const { user } = await open();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Clipdeck Logo Tee added to your cart')).toBeInTheDocument();
    expect(
      await screen.findByText('Your cart already holds all that is available of this product.'),
    ).toBeInTheDocument();
    expect(cart.addToCart).toHaveBeenCalledTimes(2);
  });

  it('never offers more than the stock', async () => {
    stubApi({
      'GET /api/products/product': () => Response.json({ product: makeProduct({ stock: 3 }) }),
      'GET /api/products/reviews': () => Response.json({ reviews: [] }),
    });
    const { user } = await open();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '9');
    await user.tab();
    expect(quantity).toHaveValue('3');
  });

  // DOMPurify does not strip scripts under happy-dom; the sanitising is checked in Chromium
  it('renders the formatted description', async () => {
    stubApi({
      'GET /api/products/product': () => Response.json({ product: makeProduct() }),
      'GET /api/products/reviews': () => Response.json({ reviews: [] }),
    });
    await open();
    expect(await screen.findByText('cotton')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('cotton').tagName).toBe('STRONG');
  });

  it('gallery thumbnails follow the arrow keys', async () => {
    stubApi({
      'GET /api/products/product': () => Response.json({ product: makeProduct() }),
      'GET /api/products/reviews': () => Response.json({ reviews: [] }),
    });
    const { user } = await open();
    const first = await screen.findByRole('button', { name: 'Show image 1' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Show image 2' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Clipdeck Logo Tee, image 2 of 3' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a review the server refuses keeps what was typed and says why', async () => {
    const api = stubApi({
      'GET /api/products/product': () => Response.json({ product: makeProduct() }),
      'GET /api/products/reviews': () => Response.json({ reviews: [] }),
      'POST /api/products/reviews': () =>
        Response.json(
          { error: 'Reviews are closed for now.', fields: { text: 'Try again later.' } },
          { status: 422 },
        ),
    });
    const { user } = await open();
    await screen.findByRole('heading', { name: 'Write a review' });
    // nothing chosen: the shared schema names the rating, nothing is sent
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/products/reviews')).toHaveLength(0);

    // the rating by keyboard: a star's radio takes Space
    screen.getByRole('radio', { name: '4' }).focus();
    await user.keyboard(' ');
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Lovely print, runs small.');
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Reviews are closed for now.')).toBeInTheDocument();
    expect(screen.getByText('Try again later.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveValue('Lovely print, runs small.');
    const [request] = api.calls('POST', '/api/products/reviews');
    expect(new URL(request!.url).searchParams.get('name')).toBe('clipdeck-logo-tee');
    expect(await request!.clone().json()).toEqual({ rating: 4, text: 'Lovely print, runs small.' });
  });

  it('an unknown name shows the not-found state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/products/product': () => Response.json({ error: 'Product not found' }, { status: 404 }),
    });
    await open('no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
      'href',
      '/dashboard/e-commerce/shop',
    );
    log.mockRestore();
  });
});
