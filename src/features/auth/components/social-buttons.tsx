import { Button, Divider, Group, Tooltip } from '@mantine/core';
import { IconBrandGithub, IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const PROVIDERS = [
  { key: 'google', label: 'Google', Icon: IconBrandGoogle },
  { key: 'github', label: 'GitHub', Icon: IconBrandGithub },
  { key: 'twitter', label: 'Twitter', Icon: IconBrandX },
] as const;

/** Google, GitHub and Twitter sign-in are not available: shown disabled, saying so (spec point 4). */
export function SocialButtons() {
  const { t } = useTranslation();
  const unavailable = t('auth.social.unavailable');
  return (
    <>
      <Divider label={t('auth.social.or')} labelPosition="center" my="lg" />
      <Group grow gap="xs">
        {PROVIDERS.map(({ key, label, Icon }) => (
          <Tooltip key={key} label={unavailable} withinPortal events={{ hover: true, focus: true, touch: true }}>
            <Button
              variant="default"
              fullWidth
              data-disabled
              aria-disabled="true"
              aria-label={`${t('auth.social.with', { provider: label })}: ${unavailable}`}
              leftSection={<Icon size={18} aria-hidden="true" />}
              onClick={(event) => event.preventDefault()}
              data-provider={key}
            >
              {label}
            </Button>
          </Tooltip>
        ))}
      </Group>
    </>
  );
}
