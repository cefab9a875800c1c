import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { Link } from '@/lib/nav';

import { forgotPassword } from '../api/account-requests';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';
import { mapServerError } from '../components/server-error';
import { useAuthForm } from '../components/use-auth-form';
import { emailError } from '../components/validators';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useAuthForm({ initialValues: { email: '' }, validate: { email: emailError(t) } });

  const submit = form.onSubmit(async ({ email }) => {
    setPending(true);
    setFormError(null);
    try {
      await forgotPassword(email.trim());
      setSent(true);
    } catch (error) {
      const mapped = mapServerError(error, t);
      form.setErrors(mapped.fields);
      setFormError(mapped.message);
    } finally {
      setPending(false);
    }
  });

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
      <AuthHeading title={t('auth.resetPassword.title')}>{t('auth.resetPassword.subtitle')}</AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required size="md" {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={pending}>
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
