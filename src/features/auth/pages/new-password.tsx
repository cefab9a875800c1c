import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconLockCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-error';
import { Link, useSearchParam } from '@/lib/nav';

import { resetPassword } from '../api/account-requests';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';
import { mapServerError } from '../components/server-error';
import { useAuthForm } from '../components/use-auth-form';
import { newPasswordError } from '../components/validators';

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const token = useSearchParam('token') ?? '';
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(token.length < 10);
  const form = useAuthForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: newPasswordError(t),
      confirm: (value, values) => (value === values.password ? null : t('auth.validation.passwordsDiffer')),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setPending(true);
    setFormError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.token) {
        setLinkInvalid(true);
        return;
      }
      const mapped = mapServerError(error, t);
      form.setErrors(mapped.fields);
      setFormError(mapped.message);
    } finally {
      setPending(false);
    }
  });

  if (done)
    return (
      <SentState
        icon={<IconLockCheck size={36} />}
        title={t('auth.newPassword.doneTitle')}
        body={t('auth.newPassword.doneBody')}
        action={t('auth.login.submit')}
        to={paths.auth.login.path}
      />
    );

  return (
    <>
      <AuthHeading title={t('auth.newPassword.title')}>{t('auth.newPassword.subtitle')}</AuthHeading>
      {linkInvalid ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" mb="md" data-testid="link-invalid">
          {t('auth.newPassword.linkInvalid')}{' '}
          <Anchor component={Link} to={paths.auth.resetPassword.path} size="sm" fw={600}>
            {t('auth.newPassword.requestNew')}
          </Anchor>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <PasswordInput label={t('auth.fields.newPassword')} autoComplete="new-password" required size="md" {...form.getInputProps('password')} />
          <PasswordInput label={t('auth.fields.confirmPassword')} autoComplete="new-password" required size="md" {...form.getInputProps('confirm')} />
          <Button type="submit" size="md" fullWidth loading={pending} disabled={linkInvalid}>
            {t('auth.newPassword.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
