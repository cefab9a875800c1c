import { Alert, Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { register } from '@/lib/auth/auth-store';
import { getReferral } from '@/lib/auth/referral';
import { safeReturnTo } from '@/lib/auth/return-to';
import { Link, useNav, useSearchParam } from '@/lib/nav';

import { AuthHeading } from '../components/auth-heading';
import { mapServerError } from '../components/server-error';
import { SocialButtons } from '../components/social-buttons';
import { useAuthForm } from '../components/use-auth-form';
import { emailError, newPasswordError, requiredError } from '../components/validators';

export default function RegisterPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const returnTo = useSearchParam('returnTo');
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const referral = getReferral();
  const form = useAuthForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', youtubeExternalId: '' },
    validate: {
      firstName: requiredError(t, 'auth.validation.firstNameRequired'),
      lastName: requiredError(t, 'auth.validation.lastNameRequired'),
      email: emailError(t),
      password: newPasswordError(t),
      youtubeExternalId: (value) => (/^[A-Za-z0-9_-]*$/.test(value.trim()) ? null : t('auth.validation.youtubeId')),
    },
    validateInputOnBlur: ['email'],
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    setPending(true);
    try {
      const { videoId } = await register(values);
      // spec point 2: a returned videoId goes to the videos route followed by /{videoId}
      const to = videoId ? paths.dashboard.videos.video.href(videoId) : safeReturnTo(returnTo);
      nav.navigate(to, { replace: true });
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
      <AuthHeading title={t('auth.register.title')}>
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.auth.login.path} fw={600}>
          {t('auth.register.signIn')}
        </Anchor>
      </AuthHeading>

      {referral ? (
        <Alert variant="light" color="primary" icon={<IconGift size={18} />} mb="lg" data-testid="referral">
          {t('auth.register.referredBy', { slug: referral })}
        </Alert>
      ) : null}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('auth.fields.firstName')} autoComplete="given-name" required size="md" {...form.getInputProps('firstName')} />
            <TextInput label={t('auth.fields.lastName')} autoComplete="family-name" required size="md" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            size="md"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            description={t('auth.register.passwordHint', { count: 8 })}
            autoComplete="new-password"
            required
            size="md"
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('auth.fields.youtubeExternalId')}
            description={t('auth.register.youtubeHint')}
            size="md"
            {...form.getInputProps('youtubeExternalId')}
          />
          <Button type="submit" size="md" fullWidth loading={pending}>
            {t('auth.register.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.register.terms')}{' '}
            <Group component="span" gap={4} display="inline-flex">
              <Anchor component={Link} to={paths.legal.terms.path} size="xs">
                {t('auth.register.termsLink')}
              </Anchor>
              <span>·</span>
              <Anchor component={Link} to={paths.legal.privacy.path} size="xs">
                {t('auth.register.privacyLink')}
              </Anchor>
            </Group>
          </Text>
        </Stack>
      </form>
      <SocialButtons />
    </>
  );
}
