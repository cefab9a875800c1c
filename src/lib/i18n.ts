// i18next with the five languages of spec point 9, namespace `translations`. Each language
// is one lazily loaded chunk (`src/locales/<lang>/index.ts` gathers that language's
// `<part>.json` files and nests each under its file name, so `auth.json` is `t('auth.…')`).
// The choice is kept in localStorage under `i18nextLng`; Arabic turns the document
// right-to-left (`dir="rtl"`, `lang="ar"`), every other language left-to-right.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'fr', 'vn', 'cn', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const NAMESPACE = 'translations';

export const LANGUAGE_META: Record<
  Language,
  { label: string; htmlLang: string; intl: string; dir: 'ltr' | 'rtl'; flag: string }
> = {
  en: { label: 'English', htmlLang: 'en', intl: 'en-US', dir: 'ltr', flag: 'EN' },
  fr: { label: 'Français', htmlLang: 'fr', intl: 'fr-FR', dir: 'ltr', flag: 'FR' },
  vn: { label: 'Tiếng Việt', htmlLang: 'vi', intl: 'vi-VN', dir: 'ltr', flag: 'VI' },
  cn: { label: '中文', htmlLang: 'zh-CN', intl: 'zh-CN', dir: 'ltr', flag: '中' },
  ar: { label: 'العربية', htmlLang: 'ar', intl: 'ar-SD', dir: 'rtl', flag: 'ع' },
};

import en from '@/locales/en/index.ts';

type Bundle = Record<string, unknown>;
// English is a static import (its own chunk, fetched in parallel with the entry: no extra
// round trip for most visitors); the others load when chosen. All are precached.
const loaders: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => Promise.resolve({ default: en }),
  fr: () => import('@/locales/fr/index.ts'),
  vn: () => import('@/locales/vn/index.ts'),
  cn: () => import('@/locales/cn/index.ts'),
  ar: () => import('@/locales/ar/index.ts'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Stored choice, else the browser's language mapped to ours, else English. */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage blocked
  }
  const browser = (typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language])
    .map((l) => l.toLowerCase());
  for (const tag of browser) {
    const base = tag.split('-')[0];
    if (base === 'vi') return 'vn';
    if (base === 'zh') return 'cn';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export const i18n = i18next.createInstance();
const listeners = new Set<(lng: Language) => void>();

/** Called with every language change (the settings use it to follow Arabic with rtl). */
export function onLanguageChange(listener: (lng: Language) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyToDocument(lng: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_META[lng].htmlLang;
  document.documentElement.dir = LANGUAGE_META[lng].dir;
}

async function loadBundle(lng: Language) {
  if (i18n.hasResourceBundle(lng, NAMESPACE)) return;
  const { default: bundle } = await loaders[lng]();
  i18n.addResourceBundle(lng, NAMESPACE, bundle, true, true);
}

let initPromise: Promise<void> | null = null;

export function initI18n(lng: Language = detectLanguage()): Promise<void> {
  initPromise ??= (async () => {
    await i18n.use(initReactI18next).init({
      lng,
      fallbackLng: false,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    await loadBundle(lng);
    // re-render consumers now that the strings are there
    await i18n.changeLanguage(lng);
    applyToDocument(lng);
  })();
  return initPromise;
}

export async function changeLanguage(lng: Language): Promise<void> {
  await loadBundle(lng);
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage blocked: the choice lasts for this page
  }
  applyToDocument(lng);
  for (const listener of listeners) listener(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Dates and numbers in the current language (Arabic as spoken in Sudan, spec point 2). */
export function formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(LANGUAGE_META[currentLanguage()].intl, options ?? { dateStyle: 'medium' }).format(
    new Date(value),
  );
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(LANGUAGE_META[currentLanguage()].intl, options).format(value);
}

export function formatRelativeTime(value: Date | string | number, now = Date.now()) {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(LANGUAGE_META[currentLanguage()].intl, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(seconds, 'second');
}
