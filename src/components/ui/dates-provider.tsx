// Around Mantine date pickers: the first day of the week and month and day names in the
// user's language. Only the pages with a date picker load it (with dayjs, its locales and the
// pickers' styles), not every dashboard page.
import '@mantine/dates/styles.layer.css';
// month and day names of the date pickers in every language the app speaks (~1 kB each)
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';

import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FIRST_DAY_OF_WEEK } from '@/config/env';
import { currentLanguage, LANGUAGE_META } from '@/lib/i18n';

export function AppDatesProvider({ children }: { children: ReactNode }) {
  // re-renders with the language
  useTranslation();
  return (
    <DatesProvider
      settings={{ firstDayOfWeek: FIRST_DAY_OF_WEEK, locale: LANGUAGE_META[currentLanguage()].htmlLang.toLowerCase() }}
    >
      {children}
    </DatesProvider>
  );
}
