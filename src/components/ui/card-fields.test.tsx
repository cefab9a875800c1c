import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { paymentInputSchema, type PaymentInput } from '../../../server/contracts/shop';
import { CardFields } from './card-fields';

type Values = { payment: Record<keyof PaymentInput, string> };

/** A form holding the card under `payment`, checked with the shared schema. */
function CardForm({ onPay, withBrand = false }: { onPay: (card: PaymentInput) => void; withBrand?: boolean }) {
  const form = useForm<Values>({
    initialValues: { payment: { holder: '', number: '', expiry: '', cvc: '' } },
    validate: (values) => {
      const parsed = paymentInputSchema.safeParse(values.payment);
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((issue) => [`payment.${issue.path.join('.')}`, issue.message]),
      );
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => onPay(paymentInputSchema.parse(values.payment)))} noValidate>
      <CardFields
        inputProps={(field) => form.getInputProps(`payment.${field}`)}
        setValue={(field, value) => form.setFieldValue(`payment.${field}`, value)}
        withBrand={withBrand}
      />
      <button type="submit">Pay</button>
    </form>
  );
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('CardFields', () => {
  it('groups the number and puts the slash in the expiry as they are typed', async () => {
    const { user } = await renderWithProviders(<CardForm onPay={() => undefined} withBrand />);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    expect(screen.getByLabelText(/Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Expiry/), `04${nextYear}`);
    expect(screen.getByLabelText(/Expiry/)).toHaveValue(`04/${nextYear}`);
  });

  it('hands over a card the shared schema accepts', async () => {
    const pay = vi.fn();
    const { user } = await renderWithProviders(<CardForm onPay={pay} />);
    await user.type(screen.getByLabelText(/Name on the card/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry/), `12${nextYear}`);
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(pay).toHaveBeenCalledWith({
      holder: 'Ada Lovelace',
      number: '4242 4242 4242 4242',
      expiry: `12/${nextYear}`,
      cvc: '123',
    });
  });

  it('shows what the schema refuses on its field, and keeps what was typed', async () => {
    const pay = vi.fn();
    const { user } = await renderWithProviders(<CardForm onPay={pay} />);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(pay).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Card number/)).toHaveAccessibleDescription(
      'This card number is not valid.',
    );
    expect(screen.getByLabelText(/Card number/)).toHaveValue('4242 4242 4242 4241');
  });
});
