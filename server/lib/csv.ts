// The one CSV writer of every export. RFC 4180 (comma-separated, CRLF line ends, quotes doubled)
// with a UTF-8 byte-order mark so spreadsheet programs read names in any script. Safe to open in
// a spreadsheet whatever separator it splits on (a comma, or the semicolon of many European
// locales):
// - every cell is quoted, so a `;` or a tab inside a value never starts a cell of its own;
// - a cell that starts with = + - @, a tab, a carriage return or a line feed would be read as a
//   formula, so it gets a leading apostrophe (OWASP "CSV injection"), which the spreadsheet
//   shows as text.
// An export that needs a signed number writes it unsigned with a column saying which way it goes.

const FORMULA_START = /^[=+\-@\t\r\n]/;

export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly (string | number)[]) => cells.map(csvCell).join(',');

/** The whole file: byte-order mark, header, rows, each line ended by CRLF. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return `\uFEFF${[header, ...rows].map(csvRow).join('\r\n')}\r\n`;
}
