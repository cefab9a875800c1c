import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { DEFAULT_SETTINGS, readSettingsCookie, SETTINGS_COOKIE, settingsCookie, settingsStore } from '@/lib/settings/settings-store';
import { renderWithProviders } from '@/testing/render';

import { SettingsDrawer } from './settings-drawer';

const cookieValue = () => document.cookie.split('; ').find((c) => c.startsWith(`${SETTINGS_COOKIE}=`));

beforeEach(() => settingsStore.reset());

describe('settings drawer (theme settings of docs/product-rules.md)', () => {
  it('starts from the defaults: light, ltr, bold, vertical, red, no stretch', async () => {
    expect(DEFAULT_SETTINGS).toEqual({
      mode: 'light',
      direction: 'ltr',
      layout: 'vertical',
      contrast: 'bold',
      preset: 'red',
      stretch: false,
    });
    await renderWithProviders(<SettingsDrawer opened onClose={() => undefined} />);
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();
  });

  it.each([
    ['mode', 'Dark', { mode: 'dark' }],
    ['contrast', 'Default', { contrast: 'default' }],
    ['direction', 'Right to left', { direction: 'rtl' }],
    ['layout', 'Mini navigation', { layout: 'mini' }],
  ] as const)('changes %s and keeps it in the cookie', async (name, label, expected) => {
    const { user } = await renderWithProviders(<SettingsDrawer opened onClose={() => undefined} />);
    const group = screen.getByTestId(`setting-${name}`);
    await user.click(within(group).getByText(label));
    expect(settingsStore.getState()).toMatchObject(expected);
    expect(readSettingsCookie()).toMatchObject(expected);
  });

  it('changes stretch and the colour preset', async () => {
    const { user } = await renderWithProviders(<SettingsDrawer opened onClose={() => undefined} />);
    await user.click(screen.getByRole('switch', { name: /Stretch/ }));
    await user.click(screen.getByRole('radio', { name: 'Purple' }));
    expect(settingsStore.getState()).toMatchObject({ stretch: true, preset: 'purple' });
    expect(readSettingsCookie()).toMatchObject({ stretch: true, preset: 'purple' });
  });

  it('the cookie lasts 3 days and a new page load reads it back', () => {
    expect(settingsCookie({ ...DEFAULT_SETTINGS, mode: 'dark' })).toContain(`max-age=${3 * 24 * 60 * 60}`);
    settingsStore.set('mode', 'dark');
    settingsStore.reload();
    expect(settingsStore.getState().mode).toBe('dark');
  });

  it('reset restores the defaults and clears the cookie', async () => {
    const { user } = await renderWithProviders(<SettingsDrawer opened onClose={() => undefined} />);
    await user.click(within(screen.getByTestId('setting-mode')).getByText('Dark'));
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(cookieValue()).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(settingsStore.getState()).toEqual(DEFAULT_SETTINGS);
    expect(cookieValue()).toBeUndefined();
  });

  it('reset in Arabic keeps the page right-to-left, clears the cookie and counts as the defaults', async () => {
    const { user } = await renderWithProviders(<SettingsDrawer opened onClose={() => undefined} />, { language: 'ar' });
    // the app follows Arabic with rtl (src/app/provider.tsx), as a user choosing it sees
    settingsStore.set('direction', 'rtl');
    await user.click(within(screen.getByTestId('setting-mode')).getByText('داكن'));
    await user.click(screen.getByRole('button', { name: 'استعادة الإعدادات الافتراضية' }));
    expect(settingsStore.getState()).toEqual({ ...DEFAULT_SETTINGS, direction: 'rtl' });
    expect(within(screen.getByTestId('setting-direction')).getByRole('radio', { name: 'من اليمين إلى اليسار' })).toBeChecked();
    expect(cookieValue()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'استعادة الإعدادات الافتراضية' })).toBeDisabled();
  });

  it('reset in English after choosing rtl by hand goes back to left-to-right', async () => {
    const { user } = await renderWithProviders(<SettingsDrawer opened onClose={() => undefined} />, { language: 'en' });
    await user.click(within(screen.getByTestId('setting-direction')).getByText('Right to left'));
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(settingsStore.getState().direction).toBe('ltr');
    expect(cookieValue()).toBeUndefined();
  });
});
