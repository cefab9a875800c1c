import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMail, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { updateUser } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { useSearchParam } from '@/lib/nav';

import { requestVerification, verifyEmail } from '../api/account-requests';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';
import { mapServerError } from '../components/server-error';

type Status = 'idle' | 'verifying' | 'verified' | 'failed';

/** With ?token=…: confirms the address. Without: says where the link went and can resend it. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const token = useSearchParam('token');
  const { isAuthenticated, user } = useAuth();
  const [status, setStatus] = useState<Status>(token ? 'verifying' : 'idle');
  const [resent, setResent] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(({ user: verified }) => {
        updateUser(verified);
        setStatus('verified');
      })
      .catch(() => setStatus('failed'));
  }, [token]);

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
            loading={pending}
            disabled={user?.emailVerified}
            onClick={() => {
              setPending(true);
              setResendError(null);
              requestVerification()
                .then(() => setResent(true))
                .catch((error: unknown) => setResendError(mapServerError(error, t).message))
                .finally(() => setPending(false));
            }}
          >
            {user?.emailVerified ? t('auth.verify.alreadyVerified') : t('auth.verify.resend')}
          </Button>
        ) : (
          <Button component="a" href={paths.auth.login.href(paths.auth.verify.path)} size="md" variant="light">
            {t('auth.verify.signInToResend')}
          </Button>
        )}
      </Stack>
    </>
  );
}
