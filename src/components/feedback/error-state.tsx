import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { getErrorMessage } from '@/lib/api-client';

/** A failed load inside a page or widget, with a retry. */
export function ErrorState({ error, onRetry, title }: { error?: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const message = getErrorMessage(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={title ?? t('common.errors.loadFailed')} role="alert">
      <Text size="sm">{message === 'Something went wrong' ? t('common.errors.generic') : message}</Text>
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
