import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

/**
 * Shown to a signed-in user whose email is not verified yet, where that holds something back
 * (members-only videos, sending mail): says what, and resends the verification link.
 */
export function VerifyEmailNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const resend = useMutation({
    mutationFn: () => api.post('/api/v1/user/verify/request').json<{ ok: true }>(),
    onSuccess: () => notify.success(t('common.verifyEmail.sent', { email: user?.email ?? '' })),
  });
  if (!user || user.emailVerified) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMailExclamation size={18} />}
      title={t('common.verifyEmail.title')}
      data-testid="verify-email-notice"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="light"
          color="orange"
          loading={resend.isPending}
          disabled={resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isSuccess ? t('common.verifyEmail.resent') : t('common.verifyEmail.resend')}
        </Button>
      </Group>
    </Alert>
  );
}
