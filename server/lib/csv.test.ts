import { describe, expect, it } from 'vitest';

import { spreadsheetCells } from '../../tests/testing/spreadsheet-cells.ts';
import { csvDocument } from './csv.ts';

const FORMULA = /^[=+\-@\t\r\n]/;

describe('csvDocument', () => {
  const hostile = [
    'Acme;=1+2',
    'Ltd;-2+3;@SUM(A1)',
    'Acme;=HYPERLINK("http://evil.example","click")',
    '=1+1',
    '+SUM(A1)',
    '-2+3',
    '@cmd',
    '\t=tab',
    '\r=cr',
    'Inc, "Ltd"\nline 2',
  ];
  const file = csvDocument(['name', 'amount'], hostile.map((name) => [name, '12.50']));

  it('gives every value back in one cell, as text, whether split on commas or semicolons', () => {
    for (const separator of [',', ';'] as const) {
      const rows = spreadsheetCells(file, separator);
      // split on semicolons, a quoted row stays one cell: no value is cut into a cell of its own
      expect(rows.map((row) => row.length)).toEqual(
        Array(1 + hostile.length).fill(separator === ',' ? 2 : 1),
      );
      expect(rows.flat().filter((cell) => FORMULA.test(cell))).toEqual([]);
    }
    const [header, ...rows] = spreadsheetCells(file, ',');
    expect(header).toEqual(['name', 'amount']);
    expect(rows.map((row) => row[0])).toEqual(
      hostile.map((name) => (FORMULA.test(name) ? `'${name}` : name)),
    );
  });

  it('starts with a byte-order mark and ends each line with CRLF', () => {
    expect(file.charCodeAt(0)).toBe(0xfeff);
    expect(file.endsWith('"12.50"\r\n')).toBe(true);
    expect(file.slice(1).split('\r\n')[0]).toBe('"name","amount"');
  });
});
