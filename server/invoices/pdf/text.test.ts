// Line wrapping for the PDF: what it cuts, and how many measurements it takes. Every
// measurement shapes the text with fontkit, so a count that grows with the square of a line's
// length lets one long word in an invoice line hold the server for seconds.
import { describe, expect, it } from 'vitest';

import { wrapLines } from './text.ts';

/** A monospaced measure (1 unit per character) that counts its calls. */
function counting() {
  const measure = (line: string) => {
    measure.calls += 1;
    return line.length;
  };
  measure.calls = 0;
  return measure;
}

describe('wrapLines', () => {
  it('wraps by words and keeps hard line breaks', () => {
    const measure = counting();
    expect(wrapLines('one two three four\nfive', 9, measure)).toEqual([
      'one two',
      'three',
      'four',
      'five',
    ]);
  });

  it('cuts a word longer than the width into pieces that fit', () => {
    const lines = wrapLines(`ab ${'x'.repeat(25)} cd`, 10, counting());
    expect(lines).toEqual(['ab', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx cd']);
    expect(lines.every((line) => line.length <= 10)).toBe(true);
  });

  it('cuts a 1,000-character word with a number of measurements near linear in its length', () => {
    const measure = counting();
    const lines = wrapLines('y'.repeat(1000), 40, measure);
    expect(lines.join('')).toBe('y'.repeat(1000));
    expect(lines.every((line) => line.length <= 40)).toBe(true);
    // 25 pieces: a binary search each is ~10 measurements; a cut found by stepping back one
    // character at a time takes ~12,000
    expect(measure.calls).toBeLessThan(1000);
  });

  it('cuts one character at a time when not even one fits, without looping', () => {
    expect(wrapLines('abc', 0.5, counting())).toEqual(['a', 'b', 'c']);
  });
});
