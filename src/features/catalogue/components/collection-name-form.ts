// A collection's name as a Mantine form validated by the server's own schema
// (`collectionCreateInputSchema`), its messages shown in the reader's language; a failed save
// puts the server's word on the field and keeps what was typed.
import { schemaResolver, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { getErrorMessage } from '@/lib/api-client';

import { collectionCreateInputSchema } from '../../../../server/contracts/catalogue';

const resolveName = schemaResolver(collectionCreateInputSchema, { sync: true });

/** A schema or server message about the name, in the reader's language when it is one we know. */
export function translateNameError(t: TFunction, message: string): string {
  if (message === 'is required') return t('catalogue.collections.nameRequired');
  if (message.startsWith('is at most')) return t('catalogue.collections.nameTooLong');
  return message;
}

/** What a failed save says about the name: the server's field message, else its error. */
export function nameErrorOf(t: TFunction, error: unknown): string {
  const fields = (error as { data?: { fields?: Record<string, string> | null } | null }).data
    ?.fields;
  return fields?.name ? translateNameError(t, fields.name) : getErrorMessage(error);
}

export function useCollectionNameForm(initialName = '') {
  const { t } = useTranslation();
  return useForm({
    initialValues: { name: initialName },
    validate: (values) => {
      const errors = resolveName(values);
      return typeof errors.name === 'string'
        ? { name: translateNameError(t, errors.name) }
        : errors;
    },
  });
}

/** The name as the server stores it (trimmed), once the form has validated it. */
export function toCollectionName(values: { name: string }): string {
  return collectionCreateInputSchema.parse(values).name;
}
