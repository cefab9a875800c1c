import { Alert, Anchor, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { accessRequestSchema } from '../../../../server/contracts/user';
import { useRequestAccess } from '../api/account-requests';
import { formAlert, showServerError, useAuthForm } from '../components/auth-form';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';

export default function RequestAccessPage() {
  const { t } = useTranslation();
  const form = useAuthForm(accessRequestSchema, { name: '', email: '', company: '', message: '' });
  const request = useRequestAccess();
  const sent = request.isSuccess;
  const formError = formAlert(request.error, t);

  const submit = form.onSubmit((values) =>
    request.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim() || undefined,
        message: values.message.trim() || undefined,
      },
      { onError: showServerError(form, t) },
    ),
  );

  if (sent)
    return (
      <SentState
        icon={<IconMailCheck size={36} />}
        title={t('auth.requestAccess.sentTitle')}
        body={t('auth.requestAccess.sentBody', { email: form.values.email.trim() })}
        action={t('auth.backToLogin')}
        to={paths.auth.login.path}
      />
    );

  return (
    <>
      <AuthHeading title={t('auth.requestAccess.title')}>
        {t('auth.requestAccess.subtitle')}
      </AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.fields.name')}
            autoComplete="name"
            required
            size="md"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            required
            size="md"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('auth.fields.company')}
            autoComplete="organization"
            size="md"
            {...form.getInputProps('company')}
          />
          <Textarea
            label={t('auth.fields.message')}
            autosize
            minRows={3}
            maxRows={8}
            size="md"
            {...form.getInputProps('message')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {t('auth.requestAccess.submit')}
          </Button>
          <Anchor component={Link} to={paths.auth.login.path} size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
