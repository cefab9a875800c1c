// The Mantine theme built from the theme settings. Each colour preset is a 10-shade scale
// whose main shade (index 6) keeps white text at WCAG AA contrast (≥ 4.5:1), so every preset
// passes the accessibility audit; lighter shades serve dark mode and tinted backgrounds.
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

import type { Settings } from './settings-store';

export const PRESET_MAIN: Record<Settings['preset'], string> = {
  default: '#007B55',
  cyan: '#006C9C',
  purple: '#7635DC',
  blue: '#2065D1',
  orange: '#A35200',
  red: '#D32F2F',
};

function mix(hex: string, target: number, amount: number) {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * amount).toString(16).padStart(2, '0'))
    .join('')}`;
}

export function presetScale(main: string): MantineColorsTuple {
  const tints = [0.92, 0.8, 0.64, 0.46, 0.3, 0.15].map((a) => mix(main, 255, a));
  const shades = [0.12, 0.24, 0.36].map((a) => mix(main, 0, a));
  return [...tints, main, ...shades] as unknown as MantineColorsTuple;
}

export function buildTheme(settings: Pick<Settings, 'preset' | 'contrast'>): MantineThemeOverride {
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: { primary: presetScale(PRESET_MAIN[settings.preset]) },
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: settings.contrast === 'bold' ? '800' : '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    other: { contrast: settings.contrast },
  });
}
