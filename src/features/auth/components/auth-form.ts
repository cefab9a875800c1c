// The sign-in pages' forms: Mantine's form validated by the server's own zod schema
// (server/contracts/user.ts), its messages in the reader's language. A failed call puts its
// field errors on the fields (`showServerError`) and its message in the form's alert
// (`formAlert`); what was typed stays in the form.
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { mapServerError, translateAuthMessage } from './auth-messages';

type Values = Record<string, string>;

export function useAuthForm<V extends Values>(
  schema: z.ZodType,
  initialValues: V,
  options: { validateInputOnBlur?: (keyof V & string)[] } = {},
) {
  const { t } = useTranslation();
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<V>({
    initialValues,
    validateInputOnBlur: options.validateInputOnBlur,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(resolve(values)).map(([field, message]) => [
          field,
          typeof message === 'string' ? translateAuthMessage(t, message) : message,
        ]),
      ),
  });
}

/** A mutation's `onError` for a form: the server's field errors onto its fields. */
export const showServerError =
  <V extends Values>(form: UseFormReturnType<V>, t: TFunction) =>
  (error: unknown) =>
    form.setErrors(mapServerError(error, t).fields);

/** The form's alert for a failed call (null when there is none or it all went onto fields). */
export const formAlert = (error: unknown, t: TFunction): string | null =>
  error ? mapServerError(error, t).message : null;
