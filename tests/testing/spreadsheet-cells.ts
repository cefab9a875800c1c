// Reads a CSV file back as a spreadsheet program would, split on the separator of its locale
// (a comma, or the semicolon of many European locales), for tests of what a CSV export opens
// as: quotes as RFC 4180, CRLF between rows, a leading byte-order mark skipped.
/** The cells a spreadsheet reads from a CSV file split on `separator` (quotes as RFC 4180). */
export function spreadsheetCells(file: string, separator: ',' | ';'): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  let i = file.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < file.length; i += 1) {
    const ch = file[i]!;
    if (quoted) {
      if (ch === '"' && file[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (ch === '\r' && file[i + 1] === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
      i += 1;
    } else cell += ch;
  }
  if (cell || rows.at(-1)!.length) rows.at(-1)!.push(cell);
  return rows.filter((row) => row.length > 0);
}
