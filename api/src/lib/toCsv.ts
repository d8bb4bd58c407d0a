/**
 * RFC 4180 CSV (CRLF line ends, fields quoted when they hold a comma, quote or line break),
 * starting with a UTF-8 byte-order mark so spreadsheet programs read accents right (`bom: false`
 * for the later pieces of a file written in pieces).
 *
 * Visitors write these values, and a cell starting with = + - @ (or a tab or carriage return,
 * which some programs skip before looking) would run as a formula when the owner opens the
 * file: such a cell gets a leading apostrophe, which spreadsheets show as plain text.
 */
export function toCsv(rows: readonly (readonly string[])[], { bom = true } = {}): string {
  return `${bom ? '\uFEFF' : ''}${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
