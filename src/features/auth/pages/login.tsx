import { Alert, Anchor, Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { login } from '@/lib/auth/auth-store';
import { safeReturnTo } from '@/lib/auth/return-to';
import { Link, useNav, useSearchParam } from '@/lib/nav';

import { AuthHeading } from '../components/auth-heading';
import { mapServerError } from '../components/server-error';
import { SocialButtons } from '../components/social-buttons';
import { useAuthForm } from '../components/use-auth-form';
import { emailError, requiredError } from '../components/validators';

export default function LoginPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const returnTo = useSearchParam('returnTo');
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useAuthForm({
    initialValues: { email: '', password: '' },
    validate: { email: emailError(t), password: requiredError(t, 'auth.validation.passwordRequired') },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    setPending(true);
    try {
      await login({ email: values.email.trim(), password: values.password });
      nav.navigate(safeReturnTo(returnTo), { replace: true });
    } catch (error) {
      const mapped = mapServerError(error, t);
      form.setErrors(mapped.fields);
      setFormError(mapped.message);
    } finally {
      setPending(false);
    }
  });

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
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
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
          <Button type="submit" size="md" fullWidth loading={pending}>
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
