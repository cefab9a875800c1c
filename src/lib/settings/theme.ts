// The Mantine theme built from the theme settings. Each colour preset is a 10-shade scale
// whose main shade (index 6) keeps white text at WCAG AA contrast (≥ 4.5:1), so every preset
// passes the accessibility audit; lighter shades serve dark mode and tinted backgrounds.
// Mantine's light variant (badges, light buttons, alerts) writes shade 9 on shade 1 in light
// mode; where a palette's pair is under 4.5:1 (green, teal, lime, yellow, orange…), its
// shade 9 is darkened just enough to reach it.
import { createTheme, DEFAULT_THEME, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

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

function luminance(hex: string) {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;

/** The scale with shade 9 dark enough to read on shade 1 (Mantine's light variant). */
export function withReadableLightVariant(scale: MantineColorsTuple): MantineColorsTuple {
  let text = scale[9];
  for (let step = 1; step <= 20 && contrastRatio(text, scale[1]) < AA + 0.1; step += 1) text = mix(scale[9], 0, step * 0.04);
  return text === scale[9] ? scale : ([...scale.slice(0, 9), text] as unknown as MantineColorsTuple);
}

const READABLE_COLORS = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, scale]) => [name, withReadableLightVariant(scale)]),
);

export function presetScale(main: string): MantineColorsTuple {
  const tints = [0.92, 0.8, 0.64, 0.46, 0.3, 0.15].map((a) => mix(main, 255, a));
  const shades = [0.12, 0.24, 0.36].map((a) => mix(main, 0, a));
  return withReadableLightVariant([...tints, main, ...shades] as unknown as MantineColorsTuple);
}

/**
 * `closeLabel` names the close button of every modal and drawer (an icon alone to a screen
 * reader otherwise); a component that passes its own `closeButtonProps` keeps them.
 */
export function buildTheme(
  settings: Pick<Settings, 'preset' | 'contrast'>,
  closeLabel = 'Close',
): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: { ...READABLE_COLORS, primary: presetScale(PRESET_MAIN[settings.preset]) },
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: settings.contrast === 'bold' ? '800' : '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    other: { contrast: settings.contrast },
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  });
}
