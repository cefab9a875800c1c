// Reads the text of a PDF back (pdfjs-dist), page by page, for tests that check what an
// invoice PDF says. Text items are taken in drawing order, as pdf.js's text layer (and so
// copying in Firefox) has them, and items on one baseline are joined into one line.
//
// In a tagged PDF, a structure element's `/ActualText` (ISO 32000-1 §14.9.4) replaces the text
// of the glyphs marked as its content: pdf.js gives it as the element's `alt` in
// `page.getStructTree()`, which its viewer reads out to screen readers (aria-label), and the
// marked-content sequences of `getTextContent({ includeMarkedContent: true })` name the content
// they belong to. The invoice PDF gives each piece of Arabic one, because its shaped glyphs
// cannot be mapped back to letters one by one.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface StructNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/** For each marked-content id inside a structure element with ActualText: that element. */
function replacements(tree: StructNode | null) {
  const byContent = new Map<string, StructNode>();
  const walk = (node: StructNode, replacing: StructNode | null) => {
    const current = replacing ?? (node.alt !== undefined ? node : null);
    if (node.type === 'content' && node.id && current) byContent.set(node.id, current);
    for (const child of node.children ?? []) walk(child, current);
  };
  if (tree) walk(tree, null);
  return byContent;
}

/**
 * The text of each page. `actualText: false` reads the glyphs alone, as pdf.js's text layer
 * (what Firefox selects and copies) and any reader ignoring the structure tree do.
 */
export async function pdfText(
  bytes: Uint8Array,
  { actualText = true }: { actualText?: boolean } = {},
): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const page = await doc.getPage(i);
    const byContent = replacements(actualText ? await page.getStructTree() : null);
    const content = await page.getTextContent({ includeMarkedContent: true });
    // the text pieces in drawing order with their baselines; an element with ActualText is one
    // piece, where its first content is drawn, at the baseline of its first glyphs
    const pieces: { text: string; y: number | null; size: number }[] = [];
    const placed = new Map<StructNode, (typeof pieces)[number]>();
    const open: ((typeof pieces)[number] | null)[] = [];
    for (const item of content.items) {
      if ('type' in item) {
        if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
          const element = item.id ? byContent.get(item.id) : undefined;
          let piece = element ? placed.get(element) : undefined;
          if (element && !piece) {
            piece = { text: element.alt!, y: null, size: 0 };
            pieces.push(piece);
            placed.set(element, piece);
          }
          open.push(piece ?? open.at(-1) ?? null);
        } else if (item.type === 'endMarkedContent') {
          open.pop();
        }
        continue;
      }
      const y = item.str || !item.hasEOL ? (item.transform[5] as number) : null;
      const replacing = open.at(-1);
      if (replacing) {
        replacing.y ??= y;
        replacing.size = Math.max(replacing.size, item.height);
      } else pieces.push({ text: item.str, y, size: item.height });
    }
    // items on one line are joined, a baseline lower or higher by half the text size starts a
    // new one (the fonts' baselines differ by less; pdf.js's own line ends take any step back
    // to the left for one, which right-to-left words drawn in reading order do within a line)
    let text = '';
    let last: { y: number; size: number } | null = null;
    for (const piece of pieces) {
      if (piece.y !== null) {
        if (last && Math.abs(piece.y - last.y) > Math.max(piece.size, last.size) / 2) text += '\n';
        last = { y: piece.y, size: piece.size };
      }
      text += piece.text;
    }
    if (text) text += '\n';
    pages.push(text);
  }
  await doc.destroy();
  return pages;
}
