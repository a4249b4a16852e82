/**
 * Reads CSV text the way a spreadsheet does: a quote opens a quoted cell only at
 * the start of a cell, and any line break outside quotes (CR, LF or CRLF) ends
 * the row. A cell that escaped its quoting therefore shows up as an extra row.
 */
export function spreadsheetRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let started = false; // the current row has content (a cell or a separator)
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      started = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
      started = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      started = false;
    } else {
      cell += ch;
      started = true;
    }
  }
  if (started || cell !== '') {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Cells a spreadsheet would run as a formula: =, +, @, tab, CR, or - not followed by a digit. */
export function formulaCells(rows: string[][]): string[] {
  return rows.flat().filter((c) => /^[=+@\t\r]/.test(c) || /^-(?!\d)/.test(c));
}
