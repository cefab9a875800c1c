// theme-init.js is inlined into index.html and runs before any module, so it cannot import the
// settings cookie's one reader (server/contracts/settings-cookie.ts). This runs the script as
// the page does and checks it reads the cookie the app writes as that reader does: the same
// name, the same fields, the same defaults.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { settingsCookie } from '@/lib/settings/settings-store';

import {
  DEFAULT_SETTINGS,
  SETTINGS_COOKIE,
  settingsFromCookie,
  type Settings,
} from '../../server/contracts/settings-cookie';
import themeInit from './theme-init.js?raw';

const root = document.documentElement;

/** Runs the inline script's text in the page's global scope, as the browser does. */
function runThemeInit() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is text by design
  new Function(themeInit)();
}

function applied() {
  return {
    mode: root.getAttribute('data-mantine-color-scheme'),
    contrast: root.getAttribute('data-contrast'),
    layout: root.getAttribute('data-layout'),
    direction: root.getAttribute('dir'),
  };
}

/** What the shared reader makes of the page's cookies, as the attributes the script sets. */
function expected(language: string | null) {
  const settings = settingsFromCookie(document.cookie);
  const s = settings ?? DEFAULT_SETTINGS;
  return {
    mode: s.mode,
    contrast: s.contrast,
    layout: s.layout,
    // with no cookie the direction follows the language, as the app's first start does
    direction: settings ? s.direction : language === 'ar' ? 'rtl' : 'ltr',
  };
}

const clearCookie = () => (document.cookie = `${SETTINGS_COOKIE}=; max-age=0; path=/`);

beforeEach(() => {
  clearCookie();
  localStorage.clear();
  for (const name of ['data-mantine-color-scheme', 'data-contrast', 'data-layout', 'dir'])
    root.removeAttribute(name);
});
afterEach(clearCookie);

describe('theme-init.js', () => {
  const written: Settings[] = [
    DEFAULT_SETTINGS,
    { ...DEFAULT_SETTINGS, mode: 'dark', direction: 'rtl', layout: 'mini', contrast: 'default' },
    { ...DEFAULT_SETTINGS, mode: 'dark', preset: 'cyan', stretch: true },
  ];

  it.each(written)('applies the settings the app wrote: %o', (settings) => {
    document.cookie = settingsCookie(settings);
    runThemeInit();
    expect(applied()).toEqual(expected(null));
    expect(applied().mode).toBe(settings.mode);
  });

  it('reads unknown values and a broken cookie as the shared reader does', () => {
    document.cookie = `${SETTINGS_COOKIE}=${encodeURIComponent(JSON.stringify({ mode: 'blue', layout: 'x' }))}; path=/`;
    runThemeInit();
    expect(applied()).toEqual(expected(null));

    document.cookie = `${SETTINGS_COOKIE}=%7Bbroken; path=/`;
    localStorage.setItem('i18nextLng', 'ar');
    runThemeInit();
    expect(settingsFromCookie(document.cookie)).toBeNull();
    expect(applied()).toEqual(expected('ar'));
  });
});
