import type { LocaleInput } from '@fullcalendar/react';
import arLocale from '@fullcalendar/react/locales/ar';
import frLocale from '@fullcalendar/react/locales/fr';
import viLocale from '@fullcalendar/react/locales/vi';
import zhCnLocale from '@fullcalendar/react/locales/zh-cn';

import type { Language } from '@/lib/i18n';

/** FullCalendar's own locale per app language (English is built in). */
export const CALENDAR_LOCALES: Record<Language, LocaleInput | 'en'> = {
  en: 'en',
  fr: frLocale,
  vn: viLocale,
  cn: zhCnLocale,
  ar: arLocale,
};
