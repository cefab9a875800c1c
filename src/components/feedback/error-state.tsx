import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_ERROR_MESSAGE, getErrorMessage, isNetworkError } from '@/lib/api-error';

/** A failed load inside a page or widget, with a retry. A load that got no answer (offline,
 *  the server down) says so, rather than that something went wrong. */
export function ErrorState({ error, onRetry, title }: { error?: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const unreachable = isNetworkError(error);
  const message = getErrorMessage(error);
  return (
    <Alert
      color={unreachable ? 'gray' : 'red'}
      variant="light"
      icon={unreachable ? <IconCloudOff size={20} /> : <IconAlertTriangle size={20} />}
      title={unreachable ? t('common.errors.unreachableTitle') : (title ?? t('common.errors.loadFailed'))}
      role="alert"
    >
      <Text size="sm">
        {unreachable ? t('common.errors.unreachable') : message === DEFAULT_ERROR_MESSAGE ? t('common.errors.generic') : message}
      </Text>
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
