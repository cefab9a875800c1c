import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLogout, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applySession, logout } from '@/lib/auth/auth-store';
import { notify } from '@/lib/notify';

import type { PublicUser } from '../../../../server/contracts/user';
import { changePassword, logoutEverywhere, requestVerification } from '../api/account-api';
import { serverErrors } from './form-errors';

const PASSWORD_MIN = 8;

function PasswordForm() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (v) => (v ? null : t('user.errors.currentPasswordRequired')),
      newPassword: (v) =>
        v.length >= PASSWORD_MIN
          ? null
          : t('user.errors.passwordTooShort', { count: PASSWORD_MIN }),
      confirmPassword: (v, values) =>
        v === values.newPassword ? null : t('user.errors.passwordsDiffer'),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setPending(true);
    setFormError(null);
    try {
      // older sessions are revoked; the answer carries a fresh token for this one
      applySession(await changePassword({ currentPassword, newPassword }));
      form.reset();
      notify.success(t('user.security.passwordChanged'));
    } catch (error) {
      const { fields, message } = serverErrors(error);
      form.setErrors(fields);
      setFormError(message);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={460}>
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('user.fields.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('user.fields.newPassword')}
          description={t('user.security.passwordHint', { count: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('user.fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={pending}>
            {t('user.security.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SecurityPanel({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const result = await requestVerification();
      notify.info(
        result.alreadyVerified
          ? t('user.security.alreadyVerified')
          : t('user.security.verificationSent', { email: user.email }),
      );
    } catch (error) {
      notify.error(serverErrors(error).message);
    } finally {
      setSending(false);
    }
  };

  const signOutEverywhere = async () => {
    setSigningOut(true);
    try {
      await logoutEverywhere();
      notify.success(t('user.security.signedOutEverywhere'));
      await logout();
    } catch (error) {
      notify.error(serverErrors(error).message);
      setSigningOut(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4">
            {t('user.security.emailTitle')}
          </Title>
          <Badge color={user.emailVerified ? 'green' : 'orange'} variant="light">
            {user.emailVerified ? t('user.security.verified') : t('user.security.unverified')}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm" mb="md">
          {user.emailVerified
            ? t('user.security.verifiedBody', { email: user.email })
            : t('user.security.unverifiedBody', { email: user.email })}
        </Text>
        {user.emailVerified ? null : (
          <Button
            variant="light"
            leftSection={<IconMailCheck size={18} />}
            loading={sending}
            onClick={() => void resend()}
          >
            {t('user.security.resend')}
          </Button>
        )}
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} size="h4" mb="md">
          {t('user.security.passwordTitle')}
        </Title>
        <PasswordForm />
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} size="h4" mb="xs">
          {t('user.security.sessionsTitle')}
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          {t('user.security.sessionsBody')}
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={18} />}
          loading={signingOut}
          onClick={() => void signOutEverywhere()}
        >
          {t('user.security.signOutEverywhere')}
        </Button>
      </Paper>
    </Stack>
  );
}
