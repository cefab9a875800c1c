// The sign-in pages' messages in the reader's language: the schema's and the server's field
// messages we know, and a failed call turned into field errors and an alert for the form.
import type { TFunction } from 'i18next';

import { ApiRequestError } from '@/lib/api-error';

import { INVALID_EMAIL, PASSWORD_MAX, PASSWORD_MIN } from '../../../../server/contracts/email';

/** Set by the forms' own check of the repeated password. */
export const PASSWORDS_DIFFER = 'Passwords differ.';

const FIXED: Record<string, string> = {
  'Email is required.': 'auth.validation.emailRequired',
  [INVALID_EMAIL]: 'auth.validation.invalidEmail',
  'Password is required.': 'auth.validation.passwordRequired',
  'First name is required.': 'auth.validation.firstNameRequired',
  'Last name is required.': 'auth.validation.lastNameRequired',
  'Name is required.': 'auth.validation.nameRequired',
  [PASSWORDS_DIFFER]: 'auth.validation.passwordsDiffer',
};

/** A schema's (or the server's) message in the reader's language, when it is one we know. */
export function translateAuthMessage(t: TFunction, message: string): string {
  const key = FIXED[message];
  if (key) return t(key);
  if (message.startsWith('Password must be at least'))
    return t('auth.validation.passwordMin', { count: PASSWORD_MIN });
  if (message.startsWith('Password must be at most'))
    return t('auth.validation.passwordMax', { count: PASSWORD_MAX });
  if (message.startsWith('YouTube channel id may contain')) return t('auth.validation.youtubeId');
  return message;
}

export interface MappedServerError {
  /** For the whole form (top alert), null when everything went onto fields. */
  message: string | null;
  fields: Record<string, string>;
}

/** Turns a failed auth call into a form alert and per-field errors, in the user's language. */
export function mapServerError(error: unknown, t: TFunction): MappedServerError {
  if (!(error instanceof ApiRequestError)) return { message: t('auth.errors.network'), fields: {} };
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(error.fields))
    fields[field] = translateAuthMessage(t, text);
  if (error.status === 409 && fields.email) fields.email = t('auth.errors.emailTaken');
  if (Object.keys(fields).length > 0) return { message: null, fields };
  if (error.status === 401) return { message: t('auth.errors.invalidCredentials'), fields };
  if (error.status === 429) {
    const retry = Number(error.response.headers.get('Retry-After'));
    return {
      message:
        Number.isFinite(retry) && retry > 0
          ? t('auth.errors.throttledFor', { seconds: retry })
          : t('auth.errors.throttled'),
      fields,
    };
  }
  return { message: error.body.error ?? t('common.errors.generic'), fields };
}
