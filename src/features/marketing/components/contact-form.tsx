import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { currentLanguage } from '@/lib/i18n';

import {
  CONTACT_MESSAGE_MIN,
  contactInputSchema,
  type ContactInput,
  type ContactReceipt,
} from '../../../../server/contracts/public';
import { useSendContactMessage } from '../api/send-contact-message';
import { fieldErrors } from './field-errors';
import { submitError } from './submit-error';

type ContactValues = Omit<ContactInput, 'language'>;

const LABELS = {
  name: 'marketing.contact.name',
  email: 'marketing.contact.email',
  subject: 'marketing.contact.subject',
  message: 'marketing.contact.message',
};

/** The contact form, checked with the server's schema; a failed send keeps what was typed. */
export function ContactForm({ onSent }: { onSent: (receipt: ContactReceipt, values: ContactValues) => void }) {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    initialValues: { name: '', email: '', subject: '', message: '' },
    validate: (values) => fieldErrors(contactInputSchema, values, t, LABELS),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    send.mutate(
      { ...values, language: currentLanguage() },
      {
        onSuccess: (receipt) => onSent(receipt, values),
        onError: (error) => {
          const mapped = submitError(error, t);
          form.setErrors(mapped.fields);
          setFormError(mapped.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('marketing.contact.title')}>
      <Stack gap="md">
        <TextInput label={t(LABELS.name)} autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput label={t(LABELS.email)} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <TextInput label={t(LABELS.subject)} required {...form.getInputProps('subject')} />
        <Textarea
          label={t(LABELS.message)}
          description={t('marketing.contact.messageHint', { min: CONTACT_MESSAGE_MIN })}
          autosize
          minRows={5}
          maxRows={14}
          required
          {...form.getInputProps('message')}
        />
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" size="md" loading={send.isPending}>
          {t('marketing.contact.submit')}
        </Button>
      </Stack>
    </form>
  );
}
