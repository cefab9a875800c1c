import { Alert, Badge, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { cardBrand, type PaymentInput } from '../../../../../server/contracts/shop';

export type CardValues = Record<keyof PaymentInput, string>;

/** Brand names are not translated. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

export const brandName = (brand: string, t: (key: string) => string) =>
  BRAND_NAMES[brand] ?? t('shop.checkout.payment.card');

export const emptyCard = (): CardValues => ({ holder: '', number: '', expiry: '', cvc: '' });

/** 4242424242424242 → "4242 4242 4242 4242" as it is typed. */
export const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "0429" or "04/29" → "04/29" as it is typed. */
export function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The card form. Nothing is charged: the page says so, and only brand and last 4 are kept. */
export function CardForm({ form }: { form: UseFormReturnType<CardValues> }) {
  const { t } = useTranslation();
  const brand = cardBrand(form.values.number);
  const digits = form.values.number.replace(/\D/g, '');
  return (
    <Stack gap="sm">
      <Alert variant="light" icon={<IconInfoCircle size={18} />} title={t('shop.checkout.payment.testTitle')}>
        {t('shop.checkout.payment.testBody')}
      </Alert>
      <TextInput
        label={t('shop.checkout.payment.holder')}
        autoComplete="cc-name"
        required
        {...form.getInputProps('holder')}
      />
      <TextInput
        label={t('shop.checkout.payment.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        dir="ltr"
        required
        rightSection={
          digits.length >= 2 && brand !== 'other' ? (
            <Badge size="xs" variant="light">
              {brandName(brand, t)}
            </Badge>
          ) : null
        }
        rightSectionWidth={80}
        {...form.getInputProps('number')}
        onChange={(event) => form.setFieldValue('number', groupDigits(event.currentTarget.value))}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t('shop.checkout.payment.expiry')}
          placeholder={t('shop.checkout.payment.expiryPlaceholder')}
          autoComplete="cc-exp"
          inputMode="numeric"
          dir="ltr"
          required
          {...form.getInputProps('expiry')}
          onChange={(event) => form.setFieldValue('expiry', formatExpiry(event.currentTarget.value))}
        />
        <TextInput
          label={t('shop.checkout.payment.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          dir="ltr"
          maxLength={4}
          required
          {...form.getInputProps('cvc')}
        />
      </SimpleGrid>
    </Stack>
  );
}
