// i18next with the five languages of docs/product-rules.md#languages, namespace `translations`. A
// language's strings are its `src/locales/<lang>/<part>.json` files, each nested under its file
// name (`auth.json` is `t('auth.…')`), in chunks per language (vite.config.ts): the boot parts
// every page needs (common, auth, settings), the app parts, loaded when the app beyond the sign-in
// pages starts (`loadAppTranslations`), and parts with a chunk of their own that only some pages
// show (the public pages' texts), loaded by those pages' routes (`loadTranslationPart`). The
// service worker precaches all. The choice is kept in localStorage under `i18nextLng`; Arabic turns
// the document right-to-left (`dir="rtl"`, `lang="ar"`), every other language left-to-right.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { isLanguage, LANGUAGE_META, LANGUAGES, type Language } from '../../server/contracts/languages';
import { partSet, type PartSet } from './locale-parts';

export { isLanguage, LANGUAGE_META, LANGUAGES, type Language };
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const NAMESPACE = 'translations';

type Part = Record<string, unknown>;
// English boot strings come with the entry: most visitors need no extra round trip
const englishBoot = import.meta.glob<Part>('../locales/en/{common,auth,settings}.json', {
  eager: true,
  import: 'default',
});
const partFiles = import.meta.glob<Part>('../locales/*/*.json', { import: 'default' });

function partsOf(lng: Language, set: PartSet) {
  return Object.entries(partFiles).flatMap(([file, load]) => {
    const [, fileLng, name] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (fileLng !== lng || !name || partSet(name) !== set) return [];
    return [{ name, load: async () => englishBoot[file] ?? (await load()) }];
  });
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

const loadedSets = new Map<string, Promise<void>>();
let appWanted = false;
const wantedParts = new Set<string>();

function loadSet(lng: Language, set: PartSet): Promise<void> {
  const key = `${lng}:${set}`;
  let loading = loadedSets.get(key);
  if (!loading) {
    loading = Promise.all(partsOf(lng, set).map(async ({ name, load }) => [name, await load()] as const)).then(
      (parts) => void i18n.addResourceBundle(lng, NAMESPACE, Object.fromEntries(parts), true, true),
    );
    loading.catch(() => loadedSets.delete(key));
    loadedSets.set(key, loading);
  }
  return loading;
}

/** The strings a language needs now: the boot parts, and the app parts once the app wants them. */
async function loadBundle(lng: Language) {
  await Promise.all([
    loadSet(lng, 'boot'),
    appWanted ? loadSet(lng, 'app') : undefined,
    ...[...wantedParts].map((part) => loadSet(lng, `part:${part}`)),
  ]);
}

/** The app beyond the sign-in pages starts: its strings, in the current language and after
 *  every later language change. */
export async function loadAppTranslations(): Promise<void> {
  appWanted = true;
  await loadSet(currentLanguage(), 'app');
}

/** A part with a chunk of its own (OWN_CHUNK_PARTS), for the page about to show it: in the
 *  current language now, and in every language chosen later. */
export async function loadTranslationPart(part: string): Promise<void> {
  wantedParts.add(part);
  await loadSet(currentLanguage(), `part:${part}`);
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

// Intl formatters are costly to create (the first one of a locale loads its data) and cheap to
// reuse: one per locale and options, so a list of hundreds of rows does not build hundreds.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  create: (locale: string) => T,
): T {
  const locale = LANGUAGE_META[currentLanguage()].intl;
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = create(locale);
    formatters.set(key, found);
  }
  return found as T;
}

/** Dates and numbers in the current language (Arabic as spoken in Sudan). */
export function formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions) {
  const resolved = options ?? { dateStyle: 'medium' };
  return formatter('date', resolved, (locale) => new Intl.DateTimeFormat(locale, resolved)).format(new Date(value));
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions) {
  return formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** Creates the current language's number and date formatters ahead of the first page that
 *  shows figures: the first one of a locale loads its data, tens of milliseconds on a phone.
 *  The app calls it while its first page's code and data download (the main thread is idle
 *  then), so that the page's render does not pay it. */
export function warmFormatters() {
  formatNumber(0);
  formatDate(0);
}

export function formatRelativeTime(value: Date | string | number, now = Date.now()) {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const rtf = formatter('relative', undefined, (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
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
