// Comments and docs cite documents in this repository (docs/…) or state the rule where it
// applies. Documents kept outside the repository (the functional spec, the architecture notes,
// the design card, the house style, tickets) are not there for a reader of the code, so a
// citation of one is a dead end (docs/code-layout.md#comments).
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ROOT, walkFiles } from './walk.ts';

const TEXT = /\.(ts|tsx|js|mjs|cjs|css|html|md|sh)$/;
const SCANNED_DIRS = ['src', 'server', 'sw', 'scripts', 'tests', 'docs', 'public', '.ci'];
const THIS_FILE = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

/** What a citation of an outside document looks like, and what to cite instead. */
export const OUTSIDE_CITATIONS: { pattern: RegExp; instead: string }[] = [
  { pattern: /\bspec points? \d/i, instead: 'docs/product-rules.md' },
  { pattern: /\bspec §/i, instead: 'docs/product-rules.md' },
  { pattern: /\bthe spec('s)?\b/i, instead: 'docs/product-rules.md' },
  { pattern: /\bissues? #?\d/i, instead: 'the rule itself, or docs/' },
  { pattern: /\bARCHITECTURE(\.md)?\b/, instead: 'docs/ (offline-and-sync.md, operations.md…)' },
  { pattern: /\bDESIGN-CARD\b/, instead: 'docs/' },
  { pattern: /\bSTYLE\.md\b/, instead: 'docs/code-layout.md' },
  { pattern: /\.\.\/shared\/|\/work\/shared\b/, instead: 'docs/' },
];

/** `file:line: text` for every line of `text` that cites an outside document. */
export function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, instead } of OUTSIDE_CITATIONS) {
      if (pattern.test(line)) {
        found.push(`${file}:${index + 1}: ${line.trim()} (cite ${instead})`);
        break;
      }
    }
  });
  return found;
}

describe('citations', () => {
  it('recognises each kind of outside citation and leaves docs/ citations alone', () => {
    const cited = [
      '// Choosing Arabic sets rtl (spec point 4).',
      '/** Guarantees (ARCHITECTURE §5). */',
      '// Issue 17, item 4: the palette',
      '// the import zones of STYLE.md',
      '// see ../shared/DESIGN-CARD.md',
      "// the spec's filter set",
    ];
    for (const line of cited) expect(outsideCitations('x.ts', line), line).toHaveLength(1);
    const fine = [
      '// Choosing Arabic sets rtl (docs/product-rules.md#theme-settings).',
      '// the architecture of the sync queue (docs/offline-and-sync.md)',
      '// an issue with the cursor: it must stay opaque',
    ];
    for (const line of fine) expect(outsideCitations('x.ts', line), line).toEqual([]);
  });

  it('no file of the repository cites a document kept outside it', () => {
    const files = [
      ...walkFiles(SCANNED_DIRS),
      ...fs.readdirSync(ROOT).filter((name) => TEXT.test(name)),
    ].filter((file) => (TEXT.test(file) || file === '.ci/run') && file !== THIS_FILE);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      outsideCitations(file, fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
