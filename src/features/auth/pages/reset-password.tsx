import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { forgotPasswordSchema } from '../../../../server/contracts/user';
import { useForgotPassword } from '../api/account-requests';
import { formAlert, showServerError, useAuthForm } from '../components/auth-form';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const form = useAuthForm(forgotPasswordSchema, { email: '' });
  const forgot = useForgotPassword();
  const sent = forgot.isSuccess;
  const formError = formAlert(forgot.error, t);

  const submit = form.onSubmit(({ email }) =>
    forgot.mutate(email.trim(), { onError: showServerError(form, t) }),
  );

  if (sent)
    return (
      <SentState
        icon={<IconMailForward size={36} />}
        title={t('auth.resetPassword.sentTitle')}
        body={t('auth.resetPassword.sentBody', { email: form.values.email.trim() })}
        action={t('auth.backToLogin')}
        to={paths.auth.login.path}
      />
    );

  return (
    <>
      <AuthHeading title={t('auth.resetPassword.title')}>
        {t('auth.resetPassword.subtitle')}
      </AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            required
            size="md"
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            {t('auth.resetPassword.submit')}
          </Button>
          <Anchor component={Link} to={paths.auth.login.path} size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
