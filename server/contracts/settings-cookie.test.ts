import { describe, expect, it } from 'vitest';

import { DEFAULT_SETTINGS, SETTINGS_COOKIE, settingsFromCookie } from './settings-cookie.ts';

const value = (settings: unknown) => encodeURIComponent(JSON.stringify(settings));

describe('the settings cookie', () => {
  it('is read among other cookies, as document.cookie and a Cookie header write them', () => {
    const dark = { ...DEFAULT_SETTINGS, mode: 'dark', direction: 'rtl' };
    expect(settingsFromCookie(`a=1; ${SETTINGS_COOKIE}=${value(dark)}; b=2`)).toEqual(dark);
    // a header without the space after the separator, and the cookie first
    expect(settingsFromCookie(`${SETTINGS_COOKIE}=${value(dark)};b=2`)).toEqual(dark);
    expect(settingsFromCookie(`b=2;${SETTINGS_COOKIE}=${value(dark)}`)?.mode).toBe('dark');
  });

  it('is no cookie when absent, empty, not JSON or under another name', () => {
    expect(settingsFromCookie(undefined)).toBeNull();
    expect(settingsFromCookie('')).toBeNull();
    expect(settingsFromCookie(`${SETTINGS_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(settingsFromCookie(`${SETTINGS_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(settingsFromCookie(`x-${SETTINGS_COOKIE}=${value({ mode: 'dark' })}`)).toBeNull();
  });

  it('reads each missing or unknown field as its default', () => {
    expect(settingsFromCookie(`${SETTINGS_COOKIE}=${value({ mode: 'dark' })}`)).toEqual({
      ...DEFAULT_SETTINGS,
      mode: 'dark',
    });
    expect(
      settingsFromCookie(
        `${SETTINGS_COOKIE}=${value({ mode: 'blue', layout: 'mini', stretch: 'yes', preset: 'cyan' })}`,
      ),
    ).toEqual({ ...DEFAULT_SETTINGS, layout: 'mini', preset: 'cyan' });
    expect(settingsFromCookie(`${SETTINGS_COOKIE}=null`)).toEqual(DEFAULT_SETTINGS);
  });
});
