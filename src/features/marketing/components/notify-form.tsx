import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { currentLanguage } from '@/lib/i18n';

import { launchSignupSchema } from '../../../../server/contracts/public';
import { useJoinLaunchList } from '../api/join-launch-list';
import { fieldErrors } from './field-errors';
import { submitError } from './submit-error';

/** "Tell me when it opens": one email, stored on the server (one entry per address). */
export function NotifyForm() {
  const { t } = useTranslation();
  const join = useJoinLaunchList();
  const [joined, setJoined] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => fieldErrors(launchSignupSchema, values, t, { email: 'marketing.comingSoon.email' }),
  });
  if (joined)
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" w="100%" maw={520}>
        {t('marketing.comingSoon.subscribed', { email: joined })}
      </Alert>
    );
  return (
    <form
      noValidate
      aria-label={t('marketing.comingSoon.notifyTitle')}
      style={{ width: '100%', maxWidth: 520 }}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        join.mutate(
          { email: values.email, language: currentLanguage() },
          {
            onSuccess: (answer) => setJoined(answer.email),
            onError: (error) => {
              const mapped = submitError(error, t);
              form.setErrors(mapped.fields);
              setFormError(mapped.message);
            },
          },
        );
      })}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          type="email"
          autoComplete="email"
          aria-label={t('marketing.comingSoon.email')}
          placeholder={t('marketing.comingSoon.email')}
          size="md"
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" loading={join.isPending}>
          {t('marketing.comingSoon.notify')}
        </Button>
      </Group>
      {formError ? (
        <Alert mt="sm" color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {formError}
        </Alert>
      ) : null}
    </form>
  );
}
