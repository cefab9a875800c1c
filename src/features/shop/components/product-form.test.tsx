import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiRequestError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';

import { ProductForm } from './product-form';
import { emptyProductForm, formToInput } from './product-form-values';

afterEach(() => vi.unstubAllGlobals());

const filled = () => ({
  ...emptyProductForm(),
  images: ['/img/a.png', '/img/b.png'],
  category: 'mugs' as const,
  gender: 'unisex' as const,
  colors: ['#112233'],
});

describe('the admin product form', () => {
  it('names every missing field with the shared schema and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = await renderWithProviders(
      <ProductForm initial={emptyProductForm()} submitLabel="Create product" onSubmit={onSubmit} />,
    );
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Add at least one image.')).toBeInTheDocument();
    expect(screen.getByText('Choose a category.')).toBeInTheDocument();
    expect(screen.getByText('Choose who it is for.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one colour.')).toBeInTheDocument();
    expect(screen.getByText('Price must be a number (in cents).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'Name is required.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends prices typed in currency units as integer cents', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = await renderWithProviders(
      <ProductForm initial={filled()} submitLabel="Create product" onSubmit={onSubmit} />,
    );
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Glow Mug');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '12.5');
    await user.type(screen.getByRole('textbox', { name: /^Sale price/ }), '9.99');
    await user.clear(screen.getByRole('textbox', { name: /^Stock/ }));
    await user.type(screen.getByRole('textbox', { name: /^Stock/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Glow Mug',
        price: 1250,
        priceSale: 999,
        stock: 40,
        images: ['/img/a.png', '/img/b.png'],
        colors: ['#112233'],
      }),
    );
  });

  it('a sale price at or above the price is refused on the sale price field', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = await renderWithProviders(
      <ProductForm
        initial={{ ...filled(), name: 'Mug', price: 10, priceSale: 10 }}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sale price must be below the price.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field error on its field and keeps everything typed", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiRequestError(new Response(null, { status: 409 }), {
          error: 'That URL name is taken.',
          fields: { slug: 'That URL name is taken.' },
        }),
      ),
    );
    const { user } = await renderWithProviders(
      <ProductForm initial={{ ...filled(), price: 5 }} submitLabel="Save" onSubmit={onSubmit} />,
    );
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Taken Mug');
    await user.type(screen.getByRole('textbox', { name: /^URL name/ }), 'taken-mug');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('That URL name is taken.');
    expect(screen.getByRole('textbox', { name: /^URL name/ })).toHaveAccessibleDescription(
      expect.stringContaining('That URL name is taken.'),
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Taken Mug');
    expect(screen.getByRole('textbox', { name: /^URL name/ })).toHaveValue('taken-mug');
  });
});

describe('the colour picker', () => {
  it('adds a typed colour as #RRGGBB and removes it again', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = await renderWithProviders(
      <ProductForm
        initial={{ ...filled(), name: 'Mug', price: 5, colors: [] }}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: /^Colours/ }), '#aabbcc{Enter}');
    expect(
      await screen.findByRole('button', { name: 'Remove colour #AABBCC' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ colors: ['#AABBCC'] })),
    );
    await user.click(screen.getByRole('button', { name: 'Remove colour #AABBCC' }));
    expect(screen.queryByRole('button', { name: 'Remove colour #AABBCC' })).toBeNull();
  });
});

describe('formToInput', () => {
  it('rounds to the cent and leaves a blank sale price null', () => {
    const input = formToInput({ ...filled(), name: 'x', price: 19.999, priceSale: '' }) as {
      price: number;
      priceSale: number | null;
    };
    expect(input.price).toBe(2000);
    expect(input.priceSale).toBeNull();
  });
});
