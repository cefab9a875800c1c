// Text for the PDF in any of the five languages. pdfkit draws a string with ONE font, and
// fontkit (its layout engine) shapes it: Arabic letters get their joined forms through the
// font's GSUB tables, and a run fontkit takes for Arabic script comes out right-to-left. What
// neither does is the Unicode bidirectional algorithm or font fallback, so this module:
// 1. computes embedding levels (bidi-js, UAX #9) with the paragraph direction of the language;
// 2. cuts the line into runs of one level and one font (Latin/Vietnamese, Arabic, Chinese:
//    neutral characters such as spaces keep the font of the text before them);
// 3. orders the runs visually, and hands each to pdfkit in the order fontkit expects: logical
//    for a run fontkit will reverse itself (it contains Arabic script), reversed (with mirrored
//    brackets) for a right-to-left run it would not, and reversed for a left-to-right run it
//    would (Arabic-Indic digits).
// Bidi control marks (the RLM Intl puts in Arabic amounts) are dropped after step 1.
// 4. keeps each run's (each Arabic word's) place in logical order: the drawing (see
//    ./render.ts) emits them in that order at their visual positions, so a reader taking text
//    in drawing order (pdf.js) gets them as they read, and one that orders glyphs by position
//    (poppler, PDFium) reorders them itself;
// 5. gives the line's logical text as its ActualText when some run's glyphs do not read back
//    as its text: Arabic is shaped, and Noto Sans Arabic draws letters that differ only by
//    their dots (ب ت ث ن ي) with one dotless glyph plus dot glyphs, so the font's ToUnicode
//    map names one look-alike for all of them; a reversed run reads backwards.
import bidiFactory from 'bidi-js';

import { familyHasGlyph, type FontFamily, type FontName } from './fonts.ts';

const bidi = bidiFactory();

export interface TextRun {
  /** what is handed to pdfkit (the order fontkit turns into the visual one) */
  text: string;
  font: FontName;
  /** the run's place in logical (reading) order within its line */
  logicalIndex: number;
}

export interface VisualLine {
  /** left to right as they appear on the page */
  runs: TextRun[];
  /** the line's logical text when its glyphs would not read back as it, else undefined */
  actual?: string;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** what makes fontkit lay a string out right to left: its first character of a script of its
 *  own (not Common, such as the Arabic comma) is Arabic */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
const CJK =
  /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const CONTROL = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const NEUTRAL = /[\s\p{P}\p{S}]/u;

function familyOf(ch: string): FontFamily | null {
  if (ARABIC.test(ch)) return 'arabic';
  if (CJK.test(ch)) return 'cjk';
  if (NEUTRAL.test(ch)) return null;
  return 'latin';
}

const mirrorChars = (text: string) =>
  [...text].map((ch) => bidi.getMirroredCharacter(ch) ?? ch).join('');
const reversed = (text: string) => [...text].reverse().join('');

interface LogicalRun {
  start: number;
  end: number;
  level: number;
  family: FontFamily;
}

function logicalRuns(text: string, levels: Uint8Array): LogicalRun[] {
  const chars = [...text];
  // a code point index → UTF-16 index map would be needed for astral characters; invoices
  // stay in the BMP, and anything outside it is replaced before layout
  const families: (FontFamily | null)[] = chars.map(familyOf);
  // the family of the first non-neutral character after each position, in one pass
  const following: FontFamily[] = new Array<FontFamily>(chars.length);
  let ahead: FontFamily = 'latin';
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    following[i] = ahead;
    ahead = families[i] ?? ahead;
  }
  const runs: LogicalRun[] = [];
  let previous: FontFamily | null = null;
  for (let i = 0; i < chars.length; i += 1) {
    const cp = chars[i]!.codePointAt(0)!;
    let family = families[i] ?? null;
    if (family === null) {
      const next = following[i]!;
      family = previous && familyHasGlyph(previous, cp) ? previous : next;
      if (!familyHasGlyph(family, cp)) family = 'latin';
    }
    previous = family;
    const last = runs.at(-1);
    if (last && last.level === levels[i] && last.family === family) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: levels[i]!, family });
  }
  return runs;
}

/**
 * The runs of one line, left to right as they appear on the page. `direction` is the
 * paragraph's: the page's for labels, `auto` (its first strong character, like HTML's
 * dir="auto") for what people typed, so a Latin address reads naturally on an Arabic page.
 */
export function visualRuns(
  line: string,
  direction: 'ltr' | 'rtl' | 'auto',
  bold = false,
): VisualLine {
  const key = `${direction}|${bold ? 1 : 0}|${line}`;
  let visual = runCache.get(key);
  if (!visual) {
    visual = computeRuns(line, direction, bold);
    if (runCache.size >= RUN_CACHE_SIZE) runCache.delete(runCache.keys().next().value!);
    runCache.set(key, visual);
  }
  return visual;
}

/** Labels, amounts and names repeat across lines and documents: their runs are kept. */
const RUN_CACHE_SIZE = 5000;
const runCache = new Map<string, VisualLine>();

function computeRuns(line: string, direction: 'ltr' | 'rtl' | 'auto', bold: boolean): VisualLine {
  const text = line.replace(/[\u{10000}-\u{10ffff}]/gu, '\ufffd');
  if (!text) return { runs: [] };
  const { levels } = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const runs = logicalRuns(text, levels);
  // visual order of runs: reverse, from the highest level down, every maximal sequence of runs
  // at that level or above (UAX #9 rule L2 applied to whole runs)
  const order = runs.map((_, i) => i);
  const maxLevel = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), maxLevel + 1);
  for (let level = maxLevel; level >= minOdd; level -= 1) {
    for (let i = 0; i < order.length; ) {
      if (runs[order[i]!]!.level < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < order.length && runs[order[j]!]!.level >= level) j += 1;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  const weight = bold ? 'bold' : 'regular';
  // a run whose glyphs do not read back as its text is drawn word by word (no letter joins
  // across a space, so the drawing is the same): pdf.js applies the bidi algorithm to each
  // piece of text it finds, and a run of several Arabic words can reach it in pieces that
  // would then come out in visual order
  let unreadable = false;
  const pieces = runs.map((run) => {
    const logical = text.slice(run.start, run.end).replace(CONTROL, '');
    if (!logical) return [];
    if (readsBack(logical, run.level % 2 === 1)) return [logical];
    unreadable = true;
    return logical.match(/\s*\S+\s*|\s+/g) ?? [];
  });
  const firstIndex: number[] = [];
  pieces.reduce((count, list, i) => ((firstIndex[i] = count), count + list.length), 0);
  const drawn = order.flatMap((index) => {
    const run = runs[index]!;
    const runIsRtl = run.level % 2 === 1;
    const font: FontName = `${run.family}-${weight}`;
    const list = pieces[index]!.map((logical, i) => ({
      logical,
      logicalIndex: firstIndex[index]! + i,
    }));
    if (runIsRtl) list.reverse();
    return list.map(({ logical, logicalIndex }): TextRun => {
      const fontkitReverses = ARABIC_SCRIPT.test(logical);
      // a right-to-left run shows mirrored brackets; the run goes to fontkit in the order that
      // its own reversal (Arabic script) turns into the visual one
      const glyphs = runIsRtl ? mirrorChars(logical) : logical;
      const ordered = runIsRtl === fontkitReverses ? glyphs : reversed(glyphs);
      return { text: ordered, font, logicalIndex };
    });
  });
  return unreadable ? { runs: drawn, actual: text.replace(CONTROL, '') } : { runs: drawn };
}

/** Whether the glyphs pdfkit draws for a run read back as its logical text: not for Arabic
 *  (shaped, visual order, glyphs shared between letters), nor for a run handed over reversed
 *  or with mirrored brackets. */
function readsBack(logical: string, runIsRtl: boolean): boolean {
  if (ARABIC.test(logical)) return false;
  const glyphs = runIsRtl ? mirrorChars(logical) : logical;
  return (runIsRtl ? reversed(glyphs) : glyphs) === logical;
}

/** The longest prefix (1 to length − 1 characters) no wider than `width`, found by halving:
 *  each measurement shapes text, so a long word must not be measured once per character. */
function longestFitting(text: string, width: number, measure: (line: string) => number) {
  let low = 1;
  let high = text.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Splits a paragraph into lines no wider than `width` (by words; a long word is cut). */
export function wrapLines(
  paragraph: string,
  width: number,
  measure: (line: string) => number,
): string[] {
  const lines: string[] = [];
  for (const hardLine of paragraph.split(/\r?\n/)) {
    if (measure(hardLine.trimEnd()) <= width) {
      lines.push(hardLine.trimEnd());
      continue;
    }
    // Chinese has no spaces: every character may end a line
    const words = hardLine.match(
      /[\u3400-\u9fff\uf900-\ufaff]|[^\s\u3400-\u9fff\uf900-\ufaff]+\s*|\s+/g,
    ) ?? [''];
    let current = '';
    for (const word of words) {
      const candidate = current + word;
      if (current && measure(candidate.trimEnd()) > width) {
        lines.push(current.trimEnd());
        current = word.trimStart();
      } else {
        current = candidate;
      }
      while (measure(current.trimEnd()) > width && current.length > 1) {
        const cut = longestFitting(current, width, measure);
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    lines.push(current.trimEnd());
  }
  return lines;
}
