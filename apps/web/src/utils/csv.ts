// The app's one CSV writer (RFC 4180 quoting), for every file it offers for download: the wallet's
// ledger, the business screens' error reports and analytics. Cells that a spreadsheet would run as
// a formula (starting with = + - @, tab or carriage return) are prefixed with an apostrophe so
// exported text can never execute in Excel/Sheets (CSV injection). Numbers are written as plain
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
