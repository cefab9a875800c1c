// The checkout forms are checked with the server's own schemas (addressInputSchema,
// paymentInputSchema); each refused field gets a message of its own in the page's language
// (`shop.checkout.errors.<key>`), shown on that field.
import type { z } from 'zod';

import {
  addressInputSchema,
  paymentInputSchema,
  type AddressInput,
  type PaymentInput,
} from '../../../../../server/contracts/shop';

export type FieldErrors = Record<string, string>;

/** The translation key (under shop.checkout.errors) for an issue on `field` whose value is `value`. */
export function errorKey(field: string, value: unknown, issue: z.core.$ZodIssue): string {
  const blank = typeof value !== 'string' || value.trim() === '';
  if (field === 'expiry' && issue.code === 'custom') return 'expiryPast';
  if (field === 'country') return 'countryRequired';
  if (blank && field !== 'line2' && field !== 'region') return `${field}Required`;
  if (issue.code === 'too_big') return 'tooLong';
  return `${field}Invalid`;
}

function check<T>(
  schema: z.ZodType<T>,
  values: Record<string, unknown>,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= errorKey(field, values[field], issue);
  }
  return { data: null, errors };
}

export const checkPayment = (values: Record<keyof PaymentInput, string>) =>
  check(paymentInputSchema, values);

export const checkAddress = (values: Record<string, unknown>) =>
  check<AddressInput>(addressInputSchema, values);

/** Error keys as messages for a Mantine form. */
export function translateErrors(t: (key: string) => string, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, t(`shop.checkout.errors.${key}`)]),
  );
}
