import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useOnline } from '@/lib/use-online';

/** A banner shown while the device is offline: what is on screen comes from the device. */
export function OfflineNotice({ message }: { message?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} />} role="status" data-testid="offline-notice">
      {message ?? t('common.offline.fromDevice')}
    </Alert>
  );
}
