// Theme settings of spec points 4 and 9, kept in one cookie for 3 days (so src/app/theme-init.js
// can apply the colour scheme and direction before React renders: no flash of the wrong
// scheme). Reset restores the defaults and clears the cookie; the direction it restores is the
// one the current language reads in (Arabic rtl, every other language ltr), which is also what
// theme-init.js applies on the next load without a cookie.
import { SETTINGS_COOKIE_DAYS } from '@/config/env';
import { currentLanguage, LANGUAGE_META } from '@/lib/i18n';

export const MODES = ['light', 'dark'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const LAYOUTS = ['vertical', 'mini'] as const;
export const CONTRASTS = ['default', 'bold'] as const;
export const PRESETS = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const;

export interface Settings {
  mode: (typeof MODES)[number];
  direction: (typeof DIRECTIONS)[number];
  layout: (typeof LAYOUTS)[number];
  contrast: (typeof CONTRASTS)[number];
  preset: (typeof PRESETS)[number];
  stretch: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  mode: 'light',
  direction: 'ltr',
  layout: 'vertical',
  contrast: 'bold',
  preset: 'red',
  stretch: false,
};

/** The defaults in the current language: the spec's, in the language's own direction. */
export function languageDefaults(): Settings {
  return { ...DEFAULT_SETTINGS, direction: LANGUAGE_META[currentLanguage()].dir };
}

/** Read by src/app/theme-init.js too: keep the name and JSON shape in step. */
export const SETTINGS_COOKIE = 'clipdeck-settings';

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

export function parseSettings(raw: unknown): Settings {
  const v = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    mode: oneOf(MODES, v.mode, DEFAULT_SETTINGS.mode),
    direction: oneOf(DIRECTIONS, v.direction, DEFAULT_SETTINGS.direction),
    layout: oneOf(LAYOUTS, v.layout, DEFAULT_SETTINGS.layout),
    contrast: oneOf(CONTRASTS, v.contrast, DEFAULT_SETTINGS.contrast),
    preset: oneOf(PRESETS, v.preset, DEFAULT_SETTINGS.preset),
    stretch: typeof v.stretch === 'boolean' ? v.stretch : DEFAULT_SETTINGS.stretch,
  };
}

export function readSettingsCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): Settings | null {
  const entry = cookie.split('; ').find((c) => c.startsWith(`${SETTINGS_COOKIE}=`));
  if (!entry) return null;
  try {
    return parseSettings(JSON.parse(decodeURIComponent(entry.slice(SETTINGS_COOKIE.length + 1))));
  } catch {
    return null;
  }
}

/** The cookie written on every change: kept for 3 days (spec point 9). */
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
