import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconLockCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-error';

import { resetPasswordSchema } from '../../../../server/contracts/user';
import { useResetPassword } from '../api/account-requests';
import { formAlert, showServerError, useAuthForm } from '../components/auth-form';
import { AuthHeading } from '../components/auth-heading';
import { PASSWORDS_DIFFER } from '../components/auth-messages';
import { SentState } from '../components/sent-state';

const newPasswordForm = z
  .object({ password: resetPasswordSchema.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER });

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useAuthForm(newPasswordForm, { password: '', confirm: '' });
  const reset = useResetPassword();
  const done = reset.isSuccess;
  // the server refuses the link itself (expired, used): no form error, the link's alert
  const linkRefused = reset.error instanceof ApiRequestError && Boolean(reset.error.fields.token);
  const linkInvalid = token.length < 10 || linkRefused;
  const formError = linkRefused ? null : formAlert(reset.error, t);

  const submit = form.onSubmit(({ password }) =>
    reset.mutate({ token, password }, { onError: showServerError(form, t) }),
  );

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
      <AuthHeading title={t('auth.newPassword.title')}>
        {t('auth.newPassword.subtitle')}
      </AuthHeading>
      {linkInvalid ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          mb="md"
          data-testid="link-invalid"
        >
          {t('auth.newPassword.linkInvalid')}{' '}
          {/* the alert's own colour, underlined: the primary colour on the alert's tint is too faint */}
          <Anchor
            component={Link}
            to={paths.auth.resetPassword.path}
            size="sm"
            fw={700}
            c="inherit"
            underline="always"
          >
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
          <PasswordInput
            label={t('auth.fields.newPassword')}
            autoComplete="new-password"
            required
            size="md"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            required
            size="md"
            {...form.getInputProps('confirm')}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={reset.isPending}
            disabled={linkInvalid}
          >
            {t('auth.newPassword.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
