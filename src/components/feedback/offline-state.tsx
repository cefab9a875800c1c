import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { syncStatusStore } from '@/lib/sync/status';
import { useOnline } from '@/lib/use-online';

const serverReached = () => syncStatusStore.get().online;
const subscribe = (listener: () => void) => syncStatusStore.subscribe(listener);

/** A banner shown while the device is offline or the server cannot be reached (the sync
 *  engine's last exchange failed): what is on screen comes from the device. `preview` shows it
 *  whatever the network (the components gallery). */
export function OfflineNotice({ message, preview = false }: { message?: string; preview?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const reached = useSyncExternalStore(subscribe, serverReached, () => true);
  if (online && reached && !preview) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} />} role="status" data-testid="offline-notice">
      {message ?? t('common.offline.fromDevice')}
    </Alert>
  );
}
