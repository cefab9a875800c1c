// The social card of a public page (Open Graph / Twitter image, 1200 × 630 PNG): the Clipdeck
// mark, the page's title and its description on the brand colour. Text is drawn as glyph
// outlines from Noto Sans (npm, read with fontkit), so the image is the same on every machine,
// whatever fonts it has; sharp turns the SVG into a PNG.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import * as fontkit from 'fontkit';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const WIDTH = 1200;
const HEIGHT = 630;

type Font = fontkit.Font;
let fonts: { regular: Font; bold: Font } | null = null;

function loadFonts() {
  const open = (file: string) => fontkit.create(fs.readFileSync(require.resolve(file))) as Font;
  fonts ??= {
    regular: open('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: open('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  };
  return fonts;
}

const advance = (font: Font, text: string, size: number) =>
  (font.layout(text).advanceWidth * size) / font.unitsPerEm;

/** Words laid into lines no wider than `width`; at most `max` lines (the last one cut with …). */
export function wrap(font: Font, text: string, size: number, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && advance(font, next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1] ?? '';
  while (last && advance(font, `${last}…`, size) > width) last = last.replace(/\s*\S+$/, '');
  kept[max - 1] = `${last}…`;
  return kept;
}

/** One line of text as an SVG path, its baseline starting at (x, y). */
function textPath(font: Font, text: string, size: number, x: number, y: number, fill: string): string {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const d = glyph.path.toSVG();
    if (d)
      parts.push(
        `<path transform="translate(${(x + (pen + (position?.xOffset ?? 0)) * scale).toFixed(2)} ${y}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
      );
    pen += position?.xAdvance ?? glyph.advanceWidth;
  });
  return `<g fill="${fill}">${parts.join('')}</g>`;
}

export interface SocialCard {
  title: string;
  description: string;
}

export function socialCardSvg({ title, description }: SocialCard): string {
  const { regular, bold } = loadFonts();
  const left = 88;
  const titleLines = wrap(bold, title, 72, WIDTH - 2 * left, 2);
  const descriptionLines = wrap(regular, description, 32, WIDTH - 2 * left, 3);
  const titleTop = 300 - (titleLines.length - 1) * 40;
  const shapes = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#D32F2F"/><stop offset="1" stop-color="#7A1414"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="1080" cy="90" r="260" fill="#fff" opacity=".06"/>`,
    `<g transform="translate(${left} 72) scale(1.125)"><rect width="64" height="64" rx="14" fill="#fff"/><rect x="12" y="20" width="34" height="28" rx="5" fill="#D32F2F" opacity=".45"/><rect x="18" y="14" width="34" height="28" rx="5" fill="#D32F2F"/><path d="M31 22.5v11l9-5.5z" fill="#fff"/></g>`,
    textPath(bold, 'Clipdeck', 40, left + 96, 122, '#fff'),
    ...titleLines.map((line, i) => textPath(bold, line, 72, left, titleTop + i * 84, '#fff')),
    ...descriptionLines.map((line, i) =>
      textPath(regular, line, 32, left, titleTop + titleLines.length * 84 + 12 + i * 44, '#FDE8E8'),
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${shapes.join('')}</svg>`;
}

export async function socialCardPng(card: SocialCard): Promise<Buffer> {
  return sharp(Buffer.from(socialCardSvg(card))).png({ compressionLevel: 9, palette: true }).toBuffer();
}

export const SOCIAL_CARD_SIZE = { width: WIDTH, height: HEIGHT };
