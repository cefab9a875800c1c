import { Badge, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { cardBrand } from '../../../server/contracts/shop';

/** The fields of a card, as the shared `paymentInputSchema` (server/contracts/shop.ts) checks
 *  them: the forms that take a card validate with that schema. */
export type CardField = 'holder' | 'number' | 'expiry' | 'cvc';

/** Brand names are not translated. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** The brand's name, or null for a card of another brand. */
export const cardBrandName = (brand: string): string | null => BRAND_NAMES[brand] ?? null;

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

/**
 * The card's name, number, expiry and CVC, for a Mantine form: the number is grouped in fours
 * and the expiry gets its slash as they are typed; digits read left to right in every language.
 * `inputProps` and `setValue` reach the form's fields wherever the card sits in its values.
 */
export function CardFields({
  inputProps,
  setValue,
  withBrand = false,
}: {
  inputProps: (field: CardField) => GetInputPropsReturnType;
  setValue: (field: CardField, value: string) => void;
  /** show the brand (Visa, Mastercard…) in the number field once it is known */
  withBrand?: boolean;
}) {
  const { t } = useTranslation();
  const number = inputProps('number');
  const digits = String(number.value ?? '').replace(/\D/g, '');
  const brand = withBrand && digits.length >= 2 ? cardBrandName(cardBrand(digits)) : null;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('common.card.holder')}
        autoComplete="cc-name"
        required
        {...inputProps('holder')}
      />
      <TextInput
        label={t('common.card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        dir="ltr"
        required
        rightSection={
          brand ? (
            <Badge size="xs" variant="light">
              {brand}
            </Badge>
          ) : null
        }
        rightSectionWidth={withBrand ? 80 : undefined}
        {...number}
        onChange={(event) => setValue('number', groupDigits(event.currentTarget.value))}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t('common.card.expiry')}
          placeholder={t('common.card.expiryPlaceholder')}
          autoComplete="cc-exp"
          inputMode="numeric"
          dir="ltr"
          required
          {...inputProps('expiry')}
          onChange={(event) => setValue('expiry', formatExpiry(event.currentTarget.value))}
        />
        <TextInput
          label={t('common.card.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          dir="ltr"
          maxLength={4}
          required
          {...inputProps('cvc')}
        />
      </SimpleGrid>
    </Stack>
  );
}
