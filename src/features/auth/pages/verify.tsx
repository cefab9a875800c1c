import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMail, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { useRequestVerification, useVerifyEmail } from '../api/account-requests';
import { formAlert } from '../components/auth-form';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';

/** With ?token=…: confirms the address. Without: says where the link went and can resend it. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { isAuthenticated, user } = useAuth();
  const verify = useVerifyEmail();
  const resend = useRequestVerification();
  const started = useRef(false);
  const status = !token
    ? 'idle'
    : verify.isSuccess
      ? 'verified'
      : verify.isError
        ? 'failed'
        : 'verifying';
  const resent = resend.isSuccess;
  const resendError = formAlert(resend.error, t);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (status === 'verifying')
    return (
      <Stack align="center" gap="md" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('auth.verify.verifying')}</Text>
      </Stack>
    );
  if (status === 'verified')
    return (
      <SentState
        icon={<IconCircleCheck size={36} />}
        color="green"
        title={t('auth.verify.verifiedTitle')}
        body={t('auth.verify.verifiedBody')}
        action={t(isAuthenticated ? 'auth.verify.continue' : 'auth.login.submit')}
        to={isAuthenticated ? paths.dashboard.app.path : paths.auth.login.path}
      />
    );
  if (status === 'failed')
    return (
      <SentState
        icon={<IconMailOff size={36} />}
        color="red"
        title={t('auth.verify.failedTitle')}
        body={t('auth.verify.failedBody')}
        action={t(isAuthenticated ? 'auth.verify.continue' : 'auth.login.submit')}
        to={isAuthenticated ? paths.dashboard.app.path : paths.auth.login.path}
      />
    );

  return (
    <>
      <AuthHeading title={t('auth.verify.title')}>
        {user ? t('auth.verify.sentTo', { email: user.email }) : t('auth.verify.checkInbox')}
      </AuthHeading>
      <Stack gap="md">
        {resent ? (
          <Alert color="green" variant="light" icon={<IconMail size={18} />} role="status">
            {t('auth.verify.resent')}
          </Alert>
        ) : null}
        {resendError ? (
          <Alert color="red" variant="light" role="alert">
            {resendError}
          </Alert>
        ) : null}
        {isAuthenticated ? (
          <Button
            size="md"
            loading={resend.isPending}
            disabled={user?.emailVerified}
            onClick={() => resend.mutate()}
          >
            {user?.emailVerified ? t('auth.verify.alreadyVerified') : t('auth.verify.resend')}
          </Button>
        ) : (
          <Button
            component="a"
            href={paths.auth.login.href(paths.auth.verify.path)}
            size="md"
            variant="light"
          >
            {t('auth.verify.signInToResend')}
          </Button>
        )}
      </Stack>
    </>
  );
}
