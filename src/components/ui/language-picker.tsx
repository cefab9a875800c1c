import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { changeLanguage, currentLanguage, LANGUAGE_META, LANGUAGES } from '@/lib/i18n';

/** The five languages; Arabic also turns the page right-to-left. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <Tooltip label={t('common.language')} withinPortal>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('common.language')} data-lang={i18n.language}>
            <IconLanguage size={22} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
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
