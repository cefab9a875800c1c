import { ActionIcon } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The cog that opens the settings drawer (the drawer itself is lazy-loaded by the layout). */
export function SettingsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={onClick}
      aria-label={t('common.settings')}
      title={t('common.settings')}
      data-testid="open-settings"
    >
      <IconSettings size={22} stroke={1.7} />
    </ActionIcon>
  );
}
