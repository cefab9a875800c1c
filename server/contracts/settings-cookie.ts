// The theme settings cookie (kept 3 days): its name, its JSON shape and how it is read,
// in one module for the PWA's settings store (src/lib/settings/settings-store.ts, which also
// writes it) and the server's public blog page (which takes its colour scheme). The cookie
// holds the whole settings object, URL-encoded JSON; each field that is missing or not one of
// its values reads as its default, and a cookie that is not JSON reads as no cookie.
// src/app/theme-init.js applies it before anything paints; being an inline script it cannot
// import this module, so src/app/theme-init.test.ts checks it reads the cookie as this does.
export const SETTINGS_COOKIE = 'clipdeck-settings';

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

/** The settings in a Cookie header or `document.cookie`, or null when they are not there. */
export function settingsFromCookie(cookie: string | undefined): Settings | null {
  const prefix = `${SETTINGS_COOKIE}=`;
  const entry = (cookie ?? '').split(/;\s*/).find((c) => c.startsWith(prefix));
  if (entry === undefined) return null;
  try {
    return parseSettings(JSON.parse(decodeURIComponent(entry.slice(prefix.length))));
  } catch {
    return null;
  }
}
