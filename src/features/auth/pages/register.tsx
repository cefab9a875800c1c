import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { getReferral } from '@/lib/auth/referral';
import { safeReturnTo } from '@/lib/auth/return-to';

import { PASSWORD_MIN, signupSchema } from '../../../../server/contracts/user';
import { useRegister } from '../api/account-requests';
import { formAlert, showServerError, useAuthForm } from '../components/auth-form';
import { AuthHeading } from '../components/auth-heading';
import { SocialButtons } from '../components/social-buttons';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const referral = getReferral();
  const form = useAuthForm(
    signupSchema,
    { firstName: '', lastName: '', email: '', password: '', youtubeExternalId: '' },
    { validateInputOnBlur: ['email'] },
  );
  const register = useRegister();
  const formError = formAlert(register.error, t);

  const submit = form.onSubmit((values) =>
    register.mutate(values, {
      onSuccess: ({ videoId }) =>
        // a returned videoId goes to the videos route followed by /{videoId}
        void navigate(
          videoId
            ? paths.dashboard.videos.video.href(videoId)
            : safeReturnTo(params.get('returnTo')),
          {
            replace: true,
          },
        ),
      onError: showServerError(form, t),
    }),
  );

  return (
    <>
      <AuthHeading title={t('auth.register.title')}>
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.auth.login.path} fw={600}>
          {t('auth.register.signIn')}
        </Anchor>
      </AuthHeading>

      {referral ? (
        <Alert
          variant="light"
          color="primary"
          icon={<IconGift size={18} />}
          mb="lg"
          data-testid="referral"
        >
          {t('auth.register.referredBy', { slug: referral })}
        </Alert>
      ) : null}

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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('auth.fields.firstName')}
              autoComplete="given-name"
              required
              size="md"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('auth.fields.lastName')}
              autoComplete="family-name"
              required
              size="md"
              {...form.getInputProps('lastName')}
            />
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
            description={t('auth.register.passwordHint', { count: PASSWORD_MIN })}
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
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
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
