import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiRequestError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';

import type { InvoiceInput } from '../../../../server/contracts/invoice';
import { emptyInvoiceForm, type InvoiceFormValues } from './form-values';
import { InvoiceForm } from './invoice-form';

const initial = (): InvoiceFormValues => ({
  ...emptyInvoiceForm(new Date('2026-03-01T00:00:00Z')),
  recipientKind: 'external',
  recipientName: 'Acme Corp',
  recipientEmail: 'billing@acme.test',
  items: [
    { id: 'l1', title: 'Design', description: '', quantity: 1, unitPrice: '' },
    { id: 'l2', title: 'Hosting', description: '', quantity: 12, unitPrice: 15 },
  ],
});

async function setup(
  onSubmit = vi.fn<(input: InvoiceInput) => Promise<unknown>>().mockResolvedValue(undefined),
  recipientLocked = false,
) {
  const view = await renderWithProviders(
    <InvoiceForm initial={initial()} submitLabel="Save" onSubmit={onSubmit} recipientLocked={recipientLocked} />,
  );
  return { ...view, onSubmit };
}

describe('InvoiceForm', () => {
  it('updates line totals and the total as the user types', async () => {
    const { user } = await setup();
    expect(screen.getByTestId('line-total-1')).toHaveTextContent('$180.00');
    const lines = screen.getAllByTestId('invoice-line');
    const first = within(lines[0]!);
    await user.clear(first.getByRole('textbox', { name: 'Quantity' }));
    await user.type(first.getByRole('textbox', { name: 'Quantity' }), '1.5');
    await user.type(first.getByRole('textbox', { name: 'Unit price' }), '120.50');
    expect(screen.getByTestId('line-total-0')).toHaveTextContent('$180.75');
    expect(screen.getByTestId('total-subtotal')).toHaveTextContent('$360.75');
    await user.type(screen.getByRole('textbox', { name: 'Tax rate (%)' }), '8.25');
    await user.clear(screen.getByRole('textbox', { name: 'Discount' }));
    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '10');
    // 8.25 % of 350.75 = 28.936875 → 28.94 (rounded once)
    expect(screen.getByTestId('total-tax')).toHaveTextContent('$28.94');
    expect(screen.getByTestId('total-total')).toHaveTextContent('$379.69');
  });

  it('reorders, adds and removes lines', async () => {
    const { user, onSubmit } = await setup();
    await user.click(screen.getByRole('button', { name: 'Move line 2 up' }));
    let titles = screen.getAllByRole('textbox', { name: 'Title' }).map((el) => (el as HTMLInputElement).value);
    expect(titles).toEqual(['Hosting', 'Design']);
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove line 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove line 2' }));
    titles = screen.getAllByRole('textbox', { name: 'Title' }).map((el) => (el as HTMLInputElement).value);
    expect(titles).toEqual(['Hosting']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      items: [{ id: 'l2', title: 'Hosting', quantity: 12, unitPrice: 1500 }],
      recipient: { kind: 'external', name: 'Acme Corp', email: 'billing@acme.test' },
    });
  });

  it('checks the schema before sending and names the field', async () => {
    const { user, onSubmit } = await setup();
    await user.clear(screen.getAllByRole('textbox', { name: 'Title' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A line needs a title.')).toBeInTheDocument();
    expect(screen.getByText('The unit price must be a number.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps what was typed and shows the server’s field errors on their fields', async () => {
    const refuse = vi.fn<(input: InvoiceInput) => Promise<unknown>>().mockRejectedValue(
      new ApiRequestError(new Response(null, { status: 400 }), {
        error: 'Invalid fields: recipient.email, discount.',
        fields: { 'recipient.email': 'No mail can go to this address.', discount: 'Too much.' },
      }),
    );
    const { user } = await setup(refuse);
    await user.type(screen.getAllByRole('textbox', { name: 'Unit price' })[0]!, '99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No mail can go to this address.')).toBeInTheDocument();
    expect(screen.getByText('Too much.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid fields');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Acme Corp');
    expect(screen.getAllByRole('textbox', { name: 'Unit price' })[0]).toHaveValue('99');
  });

  it('keeps a sent invoice’s recipient: who it is for cannot change, the name and address can', async () => {
    const { user, onSubmit } = await setup(undefined, true);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription('A sent invoice keeps its recipient.');
    expect(screen.getByRole('radio', { name: 'Clipdeck user' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme Inc');
    await user.type(screen.getAllByRole('textbox', { name: 'Unit price' })[0]!, '99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].recipient).toEqual({
      kind: 'external',
      name: 'Acme Inc',
      email: 'billing@acme.test',
      address: '',
    });
  });
});
