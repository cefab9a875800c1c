// What a failed submit of a public form tells the reader: the server's field errors on their
// fields (in the reader's language where we know the message), 429 with the wait, anything
// else (network, 5xx) as "not sent, what you typed is still here".
import type { TFunction } from 'i18next';

import { ApiRequestError } from '@/lib/api-error';

import { INVALID_EMAIL } from '../../../../server/contracts/email';
import type { FieldErrors } from './field-errors';

export function submitError(error: unknown, t: TFunction): { message: string | null; fields: FieldErrors } {
  if (!(error instanceof ApiRequestError)) return { message: t('marketing.common.sendFailed'), fields: {} };
  if (error.status === 429) {
    const seconds = Number(error.response.headers.get('Retry-After'));
    const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
    return { message: t('marketing.common.throttled', { minutes }), fields: {} };
  }
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, text]) => [field, text === INVALID_EMAIL ? t('marketing.errors.email') : text]),
  );
  if (Object.keys(fields).length > 0) return { message: null, fields };
  return { message: error.status >= 500 ? t('marketing.common.sendFailed') : (error.body.error ?? t('marketing.common.sendFailed')), fields };
}
