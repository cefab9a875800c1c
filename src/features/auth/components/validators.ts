import type { TFunction } from 'i18next';

import { isValidEmail, PASSWORD_MAX, PASSWORD_MIN } from '../../../../server/contracts/email';

export const emailError = (t: TFunction) => (value: string) => {
  if (!value.trim()) return t('auth.validation.emailRequired');
  return isValidEmail(value.trim()) ? null : t('auth.validation.invalidEmail');
};

export const requiredError = (t: TFunction, key: string) => (value: string) =>
  value.trim() ? null : t(key);

export const newPasswordError = (t: TFunction) => (value: string) => {
  if (value.length < PASSWORD_MIN) return t('auth.validation.passwordMin', { count: PASSWORD_MIN });
  if (value.length > PASSWORD_MAX) return t('auth.validation.passwordMax', { count: PASSWORD_MAX });
  return null;
};
