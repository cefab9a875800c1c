import { Menu, Text } from '@mantine/core';
import type { ReactElement } from 'react';

import { changeLanguage, currentLanguage, LANGUAGE_META, LANGUAGES } from '@/lib/i18n';

import type { Intent } from './use-intent';

/** The language menu behind the header's language button (loaded on intent, see use-intent). */
export function LanguageMenu({ trigger, intent }: { trigger: ReactElement; intent: Intent }) {
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180} defaultOpened={intent.pressed}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => void changeLanguage(lng)}
            leftSection={
              <Text span fw={700} fz="xs" w={22} ta="center">
                {LANGUAGE_META[lng].flag}
              </Text>
            }
            aria-current={lng === active ? 'true' : undefined}
            fw={lng === active ? 700 : 400}
            lang={LANGUAGE_META[lng].htmlLang}
            data-language={lng}
          >
            {LANGUAGE_META[lng].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
