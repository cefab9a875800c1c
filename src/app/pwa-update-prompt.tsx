import { Button, Group, Text } from '@mantine/core';

import { i18n } from '@/lib/i18n';
import { loadNotifications } from '@/lib/notify';

export const UPDATE_NOTIFICATION_ID = 'pwa-update';

/** "New version available — reload": stays until the user acts. */
export function showUpdatePrompt(reload: () => void) {
  void loadNotifications().then(({ notifications }) => notifications.show({
    id: UPDATE_NOTIFICATION_ID,
    title: i18n.t('common.pwa.updateTitle'),
    autoClose: false,
    color: 'blue',
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{i18n.t('common.pwa.updateBody')}</Text>
        <Button size="xs" onClick={reload}>
          {i18n.t('common.pwa.reload')}
        </Button>
      </Group>
    ),
  }));
}
