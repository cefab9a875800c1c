// The PDF's fonts: Noto Sans (Latin, Vietnamese), Noto Sans Arabic and Noto Sans SC, regular and
// bold, as TrueType files from npm (@expo-google-fonts/*). pdfkit embeds only the glyphs a
// document uses (subsetting), so a Chinese invoice is tens of kilobytes, not the 10 MB font.
// Files are read once per process; the parsed fontkit fonts answer "has this glyph?" for the
// per-character font choice in ./text.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontFamily = 'latin' | 'arabic' | 'cjk';
export type FontName = `${FontFamily}-${'regular' | 'bold'}`;

const FILES: Record<FontName, string> = {
  'latin-regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'arabic-regular': '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'arabic-bold': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  'cjk-regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'cjk-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

const buffers = new Map<FontName, Buffer>();

export function fontBytes(name: FontName): Buffer {
  let bytes = buffers.get(name);
  if (!bytes) {
    bytes = fs.readFileSync(require.resolve(FILES[name]));
    buffers.set(name, bytes);
  }
  return bytes;
}

type GlyphChecker = { hasGlyphForCodePoint: (cp: number) => boolean };
const checkers = new Map<FontFamily, GlyphChecker>();

/** Whether the family's regular face has a glyph for the code point. */
export function familyHasGlyph(family: FontFamily, codePoint: number): boolean {
  let checker = checkers.get(family);
  if (!checker) {
    checker = fontkit.create(fontBytes(`${family}-regular`)) as unknown as GlyphChecker;
    checkers.set(family, checker);
  }
  return checker.hasGlyphForCodePoint(codePoint);
}
