import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';

import { buildTheme, contrastRatio, PRESET_MAIN } from './theme';

describe('theme colours (WCAG AA, 4.5:1)', () => {
  it("every palette's light variant (shade 9 on shade 1) is readable, in every preset", () => {
    for (const preset of Object.keys(PRESET_MAIN) as (keyof typeof PRESET_MAIN)[]) {
      const colors = buildTheme({ preset, contrast: 'bold' }).colors ?? {};
      for (const [name, scale] of Object.entries(colors)) {
        expect(contrastRatio(scale![9], scale![1]), `${preset} ${name}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });

  it("Mantine's own green fails it, so the check has something to catch", () => {
    expect(
      contrastRatio(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1]),
    ).toBeLessThan(4.5);
  });

  it('white text on each preset main shade', () => {
    for (const main of Object.values(PRESET_MAIN))
      expect(contrastRatio('#ffffff', main)).toBeGreaterThanOrEqual(4.5);
  });
});
