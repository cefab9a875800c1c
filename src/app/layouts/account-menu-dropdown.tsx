import { Menu, Text } from '@mantine/core';
import { IconDownload, IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { Intent } from '@/components/ui/use-intent';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';
import { promptInstall, useCanInstall } from '@/lib/pwa-install';

/** The account menu behind the header's avatar (loaded on intent, see use-intent). */
export function AccountMenuDropdown({ trigger, intent }: { trigger: ReactElement; intent: Intent }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const canInstall = useCanInstall();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal defaultOpened={intent.pressed}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.firstName} {user.lastName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate(paths.dashboard.user.account.path)}>
          {t('common.account.myAccount')}
        </Menu.Item>
        {canInstall ? (
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void promptInstall()} data-testid="install-app">
            {t('common.pwa.install')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="logout"
          onClick={() => {
            void logout().then(() => {
              notify.success(t('auth.loggedOut'));
              void navigate(paths.auth.login.path, { replace: true });
            });
          }}
        >
          {t('common.account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
