// The public forms are checked with the server's own zod schemas (server/contracts/public.ts,
// the card with the shop's paymentInputSchema). Each refused field gets one message in the
// reader's language, naming the field (`marketing.errors.*`), shown on that field.
import type { TFunction } from 'i18next';
import type { z } from 'zod';

import { INVALID_EMAIL } from '../../../../server/contracts/email';

export type FieldErrors = Record<string, string>;

/** Field path → the translation key of its label, for messages that name the field. */
export type FieldLabels = Record<string, string>;

function message(t: TFunction, field: string, value: unknown, issue: z.core.$ZodIssue, labels: FieldLabels): string {
  const label = t(labels[field] ?? field);
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (field.endsWith('expiry') && issue.code === 'custom') return t('marketing.errors.expired');
  if (field.endsWith('number') && field.startsWith('payment')) return t('marketing.errors.cardNumber');
  if (blank) return t('marketing.errors.required', { field: label });
  if (field.endsWith('expiry')) return t('marketing.errors.expiryFormat');
  if (field.endsWith('cvc')) return t('marketing.errors.cvc');
  if (issue.message === INVALID_EMAIL) return t('marketing.errors.email');
  if (issue.code === 'too_small' && typeof issue.minimum === 'number')
    return t('marketing.errors.tooShort', { field: label, min: issue.minimum });
  if (issue.code === 'too_big') return t('marketing.errors.tooLong', { field: label });
  return t('marketing.errors.invalid', { field: label });
}

const valueAt = (values: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), values);

/** The form's errors under `schema`, one per field (its first issue); empty when it passes. */
export function fieldErrors(
  schema: z.ZodType,
  values: unknown,
  t: TFunction,
  labels: FieldLabels,
): FieldErrors {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= message(t, field, valueAt(values, issue.path), issue, labels);
  }
  return errors;
}
