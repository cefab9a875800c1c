// Theme settings (docs/product-rules.md#theme-settings), kept in one cookie for 3 days (so
// src/app/theme-init.js can apply the colour scheme and direction before React renders: no flash of
// the wrong scheme). Reset restores the defaults and clears the cookie; the direction it restores
// is the one the current language reads in (Arabic rtl, every other language ltr), which is also
// what theme-init.js applies on the next load without a cookie. The cookie's name, shape and
// reading are server/contracts/settings-cookie.ts's (the server reads it too).
import { SETTINGS_COOKIE_DAYS } from '@/config/env';
import { currentLanguage, LANGUAGE_META } from '@/lib/i18n';

import {
  DEFAULT_SETTINGS,
  settingsFromCookie,
  SETTINGS_COOKIE,
  type Settings,
} from '../../../server/contracts/settings-cookie';

export {
  CONTRASTS,
  DEFAULT_SETTINGS,
  DIRECTIONS,
  LAYOUTS,
  MODES,
  parseSettings,
  PRESETS,
  SETTINGS_COOKIE,
  type Settings,
} from '../../../server/contracts/settings-cookie';

/** The defaults in the current language: the product's, in the language's own direction. */
export function languageDefaults(): Settings {
  return { ...DEFAULT_SETTINGS, direction: LANGUAGE_META[currentLanguage()].dir };
}

export function readSettingsCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): Settings | null {
  return settingsFromCookie(cookie);
}

/** The cookie written on every change: kept for 3 days. */
export function settingsCookie(value: Settings): string {
  const maxAge = SETTINGS_COOKIE_DAYS * 24 * 60 * 60;
  return `${SETTINGS_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; max-age=${maxAge}; path=/; samesite=lax`;
}

function writeCookie(value: Settings) {
  document.cookie = settingsCookie(value);
}

function clearCookie() {
  document.cookie = `${SETTINGS_COOKIE}=; max-age=0; path=/; samesite=lax`;
}

let settings: Settings = readSettingsCookie() ?? DEFAULT_SETTINGS;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const settingsStore = {
  getState: (): Settings => settings,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => {
    if (settings[key] === value) return;
    settings = { ...settings, [key]: value };
    writeCookie(settings);
    emit();
  },
  reset: () => {
    settings = languageDefaults();
    clearCookie();
    emit();
  },
  /** Tests: pick up the cookie again. */
  reload: () => {
    settings = readSettingsCookie() ?? DEFAULT_SETTINGS;
    emit();
  },
};

/** Whether a reset would change nothing (the defaults of the current language). */
export function isDefaultSettings(value: Settings) {
  const defaults = languageDefaults();
  return (Object.keys(defaults) as (keyof Settings)[]).every((k) => value[k] === defaults[k]);
}
