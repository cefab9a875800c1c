import type { TFunction } from 'i18next';

import { ApiRequestError } from '@/lib/api-error';

import { INVALID_EMAIL } from '../../../../server/contracts/email';

/** Server field messages we know are shown in the user's language; others as the server said. */
const KNOWN_FIELD_MESSAGES: Record<string, string> = {
  [INVALID_EMAIL]: 'auth.validation.invalidEmail',
};

export interface MappedServerError {
  /** For the whole form (top alert), null when everything went onto fields. */
  message: string | null;
  fields: Record<string, string>;
}

/** Turns a failed auth call into a form alert and per-field errors, in the user's language. */
export function mapServerError(error: unknown, t: TFunction): MappedServerError {
  if (!(error instanceof ApiRequestError)) return { message: t('auth.errors.network'), fields: {} };
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(error.fields)) {
    const key = KNOWN_FIELD_MESSAGES[text];
    fields[field] = key ? t(key) : text;
  }
  if (error.status === 409 && fields.email) fields.email = t('auth.errors.emailTaken');
  if (Object.keys(fields).length > 0) return { message: null, fields };
  if (error.status === 401) return { message: t('auth.errors.invalidCredentials'), fields };
  if (error.status === 429) {
    const retry = Number(error.response.headers.get('Retry-After'));
    return {
      message: Number.isFinite(retry) && retry > 0 ? t('auth.errors.throttledFor', { seconds: retry }) : t('auth.errors.throttled'),
      fields,
    };
  }
  return { message: error.body.error ?? t('common.errors.generic'), fields };
}
