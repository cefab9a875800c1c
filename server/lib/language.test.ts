import { describe, expect, it } from 'vitest';

import { pageLanguage } from './language.ts';

describe('pageLanguage', () => {
  it('takes a language chosen by name over the header', () => {
    expect(pageLanguage('fr-FR', 'ar')).toBe('ar');
    expect(pageLanguage('fr-FR', 'de')).toBe('fr');
  });

  it("maps the browser's tags as the app does: vi is vn, zh is cn", () => {
    expect(pageLanguage('vi-VN,vi;q=0.9')).toBe('vn');
    expect(pageLanguage('zh-CN')).toBe('cn');
    expect(pageLanguage('zh-TW,en;q=0.5')).toBe('cn');
  });

  it('goes by quality, then order, and falls back to English', () => {
    expect(pageLanguage('de;q=1, ar;q=0.4, fr;q=0.8')).toBe('fr');
    expect(pageLanguage('fr;q=0, ar')).toBe('ar');
    expect(pageLanguage('de-DE, ja')).toBe('en');
    expect(pageLanguage(undefined)).toBe('en');
  });
});
