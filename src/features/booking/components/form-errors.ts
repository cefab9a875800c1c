// Booking forms are checked with the server's own zod schemas (server/contracts/booking.ts);
// each refused field gets one message in the reader's language, naming the field.
import type { TFunction } from 'i18next';
import type { z } from 'zod';

import { ApiRequestError, getErrorMessage } from '@/lib/api-client';

import { INVALID_EMAIL } from '../../../../server/contracts/email';

export type FieldErrors = Record<string, string>;

function message(t: TFunction, label: string, value: unknown, issue: z.core.$ZodIssue) {
  const blank =
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (blank) return t('booking.errors.required', { field: label });
  if (issue.message === INVALID_EMAIL) return t('booking.errors.email');
  if (issue.code === 'too_big') return t('booking.errors.tooLong', { field: label });
  if (issue.code === 'too_small') return t('booking.errors.tooSmall', { field: label });
  return t('booking.errors.invalid', { field: label });
}

const valueAt = (values: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    values,
  );

/** Errors by field path under `schema`, the first issue of each; `labels` maps the top field. */
export function fieldErrors(
  schema: z.ZodType,
  values: unknown,
  t: TFunction,
  labels: Record<string, string>,
): FieldErrors {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    const top = String(issue.path[0] ?? 'form');
    errors[field] ??= message(t, t(labels[top] ?? top), valueAt(values, issue.path), issue);
  }
  return errors;
}

/** A refused submit: the server's field messages and its sentence (or a generic one). */
export function submitError(
  error: unknown,
  t: TFunction,
): { message: string; fields: FieldErrors } {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return { message: t('booking.errors.tooMany'), fields: {} };
    return { message: getErrorMessage(error), fields: error.fields };
  }
  return { message: t('booking.errors.network'), fields: {} };
}
