// One slug rule; each case below is one the product, blog, user and catalogue versions it
// replaces handled (their options in brackets), plus the cases where they differed.
import { describe, expect, it } from 'vitest';

import { slugify } from './slug.ts';

describe('slugify', () => {
  it('drops accents, lowercases and joins words with single hyphens (products)', () => {
    expect(slugify('Clipdeck Logo Tee')).toBe('clipdeck-logo-tee');
    expect(slugify('  Crème brûlée — 2 pièces!  ')).toBe('creme-brulee-2-pieces');
    expect(slugify('Tiếng Việt')).toBe('tieng-viet');
    expect(slugify('a__b..c')).toBe('a-b-c');
  });

  it('answers the fallback when nothing is left (product: empty, user, post, catalogue item)', () => {
    expect(slugify('!!!')).toBe('');
    expect(slugify('中文', { maxLength: 40, fallback: 'user' })).toBe('user');
    expect(slugify('---', { letters: 'any', fallback: 'post' })).toBe('post');
    expect(slugify('', { fallback: 'item' })).toBe('item');
  });

  it('keeps letters of every script when asked (blog posts)', () => {
    expect(slugify('مرحبا بالعالم', { letters: 'any' })).toBe('مرحبا-بالعالم');
    expect(slugify('你好，世界', { letters: 'any' })).toBe('你好-世界');
    expect(slugify('Ça va? Très bien', { letters: 'any' })).toBe('ca-va-tres-bien');
    // counted in characters, not UTF-16 units: no half of a character at the cut
    expect(slugify('𠀀'.repeat(100), { letters: 'any' })).toHaveLength(160);
    expect([...slugify('𠀀'.repeat(100), { letters: 'any' })]).toHaveLength(80);
  });

  it('cuts at maxLength without leaving a hyphen at the end (users 40, others 80)', () => {
    expect(slugify(`${'a'.repeat(39)} bcd`, { maxLength: 40 })).toBe('a'.repeat(39));
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    // the catalogue's version kept that hyphen, a name its own slug pattern refuses
    expect(slugify(`${'a'.repeat(79)} b`, { fallback: 'item' })).toMatch(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    );
  });

  it('drops every combining mark, not only the Latin accents', () => {
    // the old Latin versions made a word break of a mark outside U+0300–U+036F
    expect(slugify('a\u0483b')).toBe('ab');
    expect(slugify('e\u20dd')).toBe('e');
  });
});
