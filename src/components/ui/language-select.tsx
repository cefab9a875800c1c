import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { changeLanguage, currentLanguage, isLanguage, LANGUAGE_META, LANGUAGES } from '@/lib/i18n';

/** A light language chooser (native select) for the sign-in and public pages. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      value={currentLanguage()}
      data-lang={i18n.language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_META[lng].label }))}
      leftSection={<IconLanguage size={18} stroke={1.7} aria-hidden="true" />}
      variant="filled"
      w={150}
      data-testid="language-select"
    />
  );
}
