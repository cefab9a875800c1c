import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { bookingInputSchema } from '../../../../server/contracts/booking';
import { fieldErrors, type FieldErrors } from './form-errors';

export interface VisitorValues {
  name: string;
  email: string;
  note: string;
}

const LABELS = {
  name: 'booking.visitor.name',
  email: 'booking.visitor.email',
  note: 'booking.visitor.note',
};

interface VisitorFormProps {
  initial: VisitorValues;
  /** the chosen start, validated with the rest */
  start: string;
  pending: boolean;
  error: { message: string; fields: FieldErrors } | null;
  onBack: () => void;
  onSubmit: (values: VisitorValues) => void;
}

/** Name, email and a note for the host; checked with the server's booking schema. */
export function VisitorForm({
  initial,
  start,
  pending,
  error,
  onBack,
  onSubmit,
}: VisitorFormProps) {
  const { t } = useTranslation();
  const form = useForm<VisitorValues>({
    initialValues: initial,
    validate: (values) => fieldErrors(bookingInputSchema, { ...values, start }, t, LABELS),
  });
  const serverFields = error?.fields ?? {};
  return (
    <form
      onSubmit={form.onSubmit(onSubmit)}
      noValidate
      aria-label={t('booking.visitor.detailsTitle')}
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          label={t(LABELS.name)}
          autoComplete="name"
          required
          {...form.getInputProps('name')}
          error={form.errors.name ?? serverFields.name}
        />
        <TextInput
          label={t(LABELS.email)}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
          error={form.errors.email ?? serverFields.email}
        />
        <Textarea
          label={t(LABELS.note)}
          description={t('booking.visitor.noteHint')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('note')}
          error={form.errors.note ?? serverFields.note}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('booking.visitor.back')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('booking.visitor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
