import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { safeReturnTo } from '@/lib/auth/return-to';

import { loginSchema } from '../../../../server/contracts/user';
import { useLogin } from '../api/account-requests';
import { formAlert, showServerError, useAuthForm } from '../components/auth-form';
import { AuthHeading } from '../components/auth-heading';
import { SocialButtons } from '../components/social-buttons';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useAuthForm(loginSchema, { email: '', password: '' });
  const login = useLogin();
  const formError = formAlert(login.error, t);

  const submit = form.onSubmit((values) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => void navigate(safeReturnTo(params.get('returnTo')), { replace: true }),
        onError: showServerError(form, t),
      },
    ),
  );

  return (
    <>
      <AuthHeading title={t('auth.login.title')}>
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to={paths.auth.register.path} fw={600}>
          {t('auth.login.getStarted')}
        </Anchor>
      </AuthHeading>

      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="lg">
        {t('auth.login.demoHint')} <Code>demo@clipdeck.dev</Code> / <Code>clipdeck-demo</Code>
      </Alert>

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              data-testid="form-error"
            >
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            size="md"
            {...form.getInputProps('email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('auth.fields.password')}
              autoComplete="current-password"
              required
              size="md"
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.auth.resetPassword.path} size="sm">
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.login.needAccess')}{' '}
            <Anchor component={Link} to={paths.auth.requestAccess.path} size="sm" fw={600}>
              {t('auth.login.requestAccess')}
            </Anchor>
          </Text>
        </Stack>
      </form>
      <SocialButtons />
    </>
  );
}
