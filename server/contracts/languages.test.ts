import { describe, expect, it } from 'vitest';

import { isLanguage, LANGUAGE_META, LANGUAGES, languageOfTag } from './languages.ts';

describe('the language table', () => {
  it('describes every language, Arabic alone right-to-left', () => {
    expect(Object.keys(LANGUAGE_META)).toEqual([...LANGUAGES]);
    expect(LANGUAGES.filter((l) => LANGUAGE_META[l].dir === 'rtl')).toEqual(['ar']);
    // each locale is one Intl knows, and the page's lang is the one screen readers expect
    for (const l of LANGUAGES)
      expect(Intl.DateTimeFormat.supportedLocalesOf(LANGUAGE_META[l].intl)).toHaveLength(1);
    expect(LANGUAGES.map((l) => LANGUAGE_META[l].htmlLang)).toEqual([
      'en',
      'fr',
      'vi',
      'zh-CN',
      'ar',
    ]);
  });

  it('knows only its own codes', () => {
    expect(LANGUAGES.every(isLanguage)).toBe(true);
    expect(['vi', 'zh', 'EN', '', null, 3].some(isLanguage)).toBe(false);
  });

  it('maps a browser or Accept-Language tag to ours by its primary subtag', () => {
    expect(languageOfTag('vi-VN')).toBe('vn');
    expect(languageOfTag('zh-Hant-TW')).toBe('cn');
    expect(languageOfTag('FR-ca')).toBe('fr');
    expect(languageOfTag(' ar ')).toBe('ar');
    expect(languageOfTag('de-DE')).toBeNull();
    expect(languageOfTag('')).toBeNull();
  });
});
