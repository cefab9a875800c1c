import { Alert, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { CardFields, cardBrandName } from '@/components/ui/card-fields';

import type { PaymentInput } from '../../../../../server/contracts/shop';

export type CardValues = Record<keyof PaymentInput, string>;

export const brandName = (brand: string, t: (key: string) => string) =>
  cardBrandName(brand) ?? t('shop.checkout.payment.card');

export const emptyCard = (): CardValues => ({ holder: '', number: '', expiry: '', cvc: '' });

/** The card form. Nothing is charged: the page says so, and only brand and last 4 are kept. */
export function CardForm({ form }: { form: UseFormReturnType<CardValues> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert
        variant="light"
        icon={<IconInfoCircle size={18} />}
        title={t('shop.checkout.payment.testTitle')}
      >
        {t('shop.checkout.payment.testBody')}
      </Alert>
      <CardFields
        inputProps={(field) => form.getInputProps(field)}
        setValue={(field, value) => form.setFieldValue(field, value)}
        withBrand
      />
    </Stack>
  );
}
