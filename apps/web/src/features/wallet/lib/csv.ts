// CSV export of the ledger (RFC 4180 quoting). Cells that a spreadsheet would run as a formula
// (starting with = + - @, tab or carriage return) are prefixed with an apostrophe so an exported
// description can never execute in Excel/Sheets (CSV injection). Amounts are written as plain
// numbers, so a negative amount stays a number.
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
