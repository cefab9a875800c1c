// The app's five languages and how each is written: the one table the PWA
// (src/lib/i18n.ts) and the server's own documents (the public blog post page, invoice PDFs
// and mails, booking mails) read. `intl` is the Intl locale of dates and numbers (Arabic as
// spoken in Sudan); `htmlLang` the document's `lang`; `dir` its direction.
export const LANGUAGES = ['en', 'fr', 'vn', 'cn', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface LanguageMeta {
  label: string;
  htmlLang: string;
  intl: string;
  dir: 'ltr' | 'rtl';
  flag: string;
}

export const LANGUAGE_META: Record<Language, LanguageMeta> = {
  en: { label: 'English', htmlLang: 'en', intl: 'en-US', dir: 'ltr', flag: 'EN' },
  fr: { label: 'Français', htmlLang: 'fr', intl: 'fr-FR', dir: 'ltr', flag: 'FR' },
  vn: { label: 'Tiếng Việt', htmlLang: 'vi', intl: 'vi-VN', dir: 'ltr', flag: 'VI' },
  cn: { label: '中文', htmlLang: 'zh-CN', intl: 'zh-CN', dir: 'ltr', flag: '中' },
  ar: { label: 'العربية', htmlLang: 'ar', intl: 'ar-SD', dir: 'rtl', flag: 'ع' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Ours for a BCP 47 tag (a browser's language, an Accept-Language entry), by its primary
 *  subtag: `vi` is `vn`, `zh` is `cn`; null when it is none of ours. */
export function languageOfTag(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split('-')[0];
  if (base === 'vi') return 'vn';
  if (base === 'zh') return 'cn';
  return isLanguage(base) ? base : null;
}
