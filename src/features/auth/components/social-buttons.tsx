import { Button, Divider, Group } from '@mantine/core';
import { IconBrandGithub, IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { Hint } from '@/components/ui/hint';

const PROVIDERS = [
  { key: 'google', label: 'Google', Icon: IconBrandGoogle },
  { key: 'github', label: 'GitHub', Icon: IconBrandGithub },
  { key: 'twitter', label: 'Twitter', Icon: IconBrandX },
] as const;

/** Google, GitHub and Twitter sign-in are not available: shown disabled, saying so
 *  (docs/product-rules.md#accounts-and-sessions). */
export function SocialButtons() {
  const { t } = useTranslation();
  const unavailable = t('auth.social.unavailable');
  return (
    <>
      <Divider label={t('auth.social.or')} labelPosition="center" my="lg" />
      <Group grow gap="xs">
        {PROVIDERS.map(({ key, label, Icon }) => (
          <Hint key={key} label={unavailable}>
            {(describedBy) => (
              <Button
                variant="default"
                fullWidth
                data-disabled
                aria-disabled="true"
                aria-describedby={describedBy}
                leftSection={<Icon size={18} aria-hidden="true" />}
                onClick={(event) => event.preventDefault()}
                data-provider={key}
              >
                {label}
              </Button>
            )}
          </Hint>
        ))}
      </Group>
    </>
  );
}
