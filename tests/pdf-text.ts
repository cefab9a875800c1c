// Reads the text of a PDF back (pdfjs-dist), page by page, for tests that check what an
// invoice PDF says. Items on one baseline are joined in drawing order, one line each.
//
// Like Acrobat, PDFium (Chrome) and poppler, and unlike pdf.js's own text layer, it honours
// `/ActualText` (ISO 32000-1 §14.9.4): the glyphs drawn inside a marked-content span that
// carries one read back as that text. The invoice PDF puts one around each piece of Arabic,
// whose shaped glyphs cannot be mapped back to letters one by one. pdf.js reports where a
// span begins and ends but not its properties, so they are read from the page's content
// streams (as pdfkit writes them: plain objects, Flate-compressed or not).
import { inflateSync } from 'node:zlib';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const spans = markedSpans(bytes);
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent({ includeMarkedContent: true });
    const pageSpans = spans[i - 1] ?? [];
    let spanIndex = 0;
    // the text pieces in drawing order with their baselines; a replacing span is one piece at
    // the baseline of its first glyphs
    const pieces: { text: string; y: number | null; size: number }[] = [];
    const open: { actual: string | null; piece: (typeof pieces)[number] | null }[] = [];
    for (const item of content.items) {
      if ('type' in item) {
        if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
          // pdf.js names the tag of a sequence (not in its types) but not its properties
          const { tag } = item as { tag?: string };
          const withProps = item.type === 'beginMarkedContentProps' && tag === 'Span';
          const actual = withProps ? (pageSpans[spanIndex++] ?? null) : null;
          const replacing = actual !== null && !open.some((o) => o.actual !== null);
          const piece = replacing ? { text: actual, y: null, size: 0 } : null;
          if (piece) pieces.push(piece);
          open.push({ actual, piece });
        } else if (item.type === 'endMarkedContent') {
          open.pop();
        }
        continue;
      }
      const y = item.str || !item.hasEOL ? (item.transform[5] as number) : null;
      const replacing = open.find((o) => o.piece);
      if (replacing) {
        replacing.piece!.y ??= y;
        replacing.piece!.size = Math.max(replacing.piece!.size, item.height);
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

/** Per page, in drawing order, the ActualText (or null) of each `/Span` marked-content sequence. */
function markedSpans(bytes: Uint8Array): (string | null)[][] {
  const raw = Buffer.from(bytes).toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(raw); match; match = header.exec(raw)) {
    const start = header.lastIndex;
    const end = raw.indexOf('endobj', start);
    const streamAt = raw.indexOf('stream', start);
    if (streamAt !== -1 && streamAt < end) {
      const dict = raw.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      const dataStart = streamAt + 'stream'.length + (raw[streamAt + 6] === '\r' ? 2 : 1);
      const data = Buffer.from(raw.slice(dataStart, dataStart + length), 'latin1');
      objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(data) : data });
      header.lastIndex = dataStart + length;
    } else {
      objects.set(Number(match[1]), { dict: raw.slice(start, end), stream: null });
    }
  }
  const refs = (text: string) => [...text.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const pagesOf = (id: number): number[] => {
    const dict = objects.get(id)?.dict ?? '';
    if (/\/Type\s*\/Pages/.test(dict)) return refs(/\/Kids\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? '').flatMap(pagesOf);
    return [id];
  };
  const root = refs(/\/Root (\d+ 0 R)/.exec(raw)?.[1] ?? '')[0];
  const catalogue = objects.get(root ?? -1)?.dict ?? '';
  const pageTree = refs(/\/Pages (\d+ 0 R)/.exec(catalogue)?.[1] ?? '')[0];
  if (pageTree === undefined) return [];
  return pagesOf(pageTree).map((pageId) => {
    const dict = objects.get(pageId)?.dict ?? '';
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(dict)?.[1] ?? '';
    const stream = refs(contents)
      .map((id) => objects.get(id)?.stream?.toString('latin1') ?? '')
      .join('\n');
    return [...stream.matchAll(/\/Span\s*(<<(?:[^<>]|<[^<>]*>)*>>)\s*BDC/g)].map((m) => {
      const actual = /\/ActualText\s*(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))/.exec(m[1]!)?.[1];
      return actual === undefined ? null : pdfString(actual);
    });
  });
}

/** A PDF text string (hex or literal; UTF-16BE with its byte order mark, or PDFDocEncoding
 *  read as Latin-1) as a JavaScript string. */
function pdfString(token: string): string {
  let bytes: Buffer;
  if (token.startsWith('<')) {
    bytes = Buffer.from(token.slice(1, -1).replace(/\s/g, ''), 'hex');
  } else {
    const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    const body = token
      .slice(1, -1)
      .replace(/\\([0-7]{1,3}|.)/gs, (_, e: string) =>
        /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (escapes[e] ?? (e === '\n' ? '' : e)),
      );
    bytes = Buffer.from(body, 'latin1');
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}
