// Parses a units CSV: one unit per line, `serial` or `serial,status`, an optional header line
// (`serial` / `serial,status`), blank lines ignored. Every bad line is reported with its number and
// what is wrong, so that the business can fix the file and import it again: the import is
// idempotent on serial, so the lines already in are skipped on the second run.
import type { ImportRowError } from '@tagledger/functions-api';

export const MAX_IMPORT_ROWS = 100_000;
const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;
const STATUSES = new Set(['active', 'sold', 'recalled']);

export interface UnitRow {
  line: number;
  serial: string;
  status: string;
}

/** A bad line: its code and values (the web app words them), and the English text for API callers. */
export type RowError = ImportRowError;

function* unitCsvLines(text: string): Generator<{ line: number; cells: string[] }> {
  let line = 0;
  for (const raw of text.split(/\r?\n/)) {
    line += 1;
    if (raw.trim() === '') continue;
    yield { line, cells: unitCsvCells(raw) };
  }
}

export function parseUnitCsv(text: string): { rows: UnitRow[]; errors: RowError[]; tooMany: boolean } {
  const rows: UnitRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of unitCsvLines(text)) {
    if (line === 1 && cells[0]?.toLowerCase() === 'serial') continue;
    if (rows.length + errors.length >= MAX_IMPORT_ROWS) return { rows, errors, tooMany: true };
    const checked = checkUnitCells(line, cells, seen);
    if ('message' in checked) errors.push(checked);
    else rows.push(checked);
  }
  return { rows, errors, tooMany: false };
}

/** Splits one CSV line into trimmed cells (serials and statuses hold no commas or quotes). */
export function unitCsvCells(raw: string): string[] {
  return raw.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

/** One line's unit, or what is wrong with it; `seen` remembers the serials of earlier lines. */
export function checkUnitCells(line: number, cells: string[], seen: Map<string, number>): UnitRow | RowError {
  const [serial = '', status = 'active', ...rest] = cells;
  if (rest.length > 0)
    return { line, code: 'too_many_columns', message: 'Too many columns: expected serial and an optional status' };
  if (!SERIAL.test(serial))
    return {
      line,
      code: 'invalid_serial',
      message: 'Serial must be 1–64 letters, digits, dots, dashes or underscores',
    };
  if (!STATUSES.has(status))
    return { line, code: 'invalid_status', message: 'Status must be active, sold or recalled' };
  const earlier = seen.get(serial);
  if (earlier !== undefined)
    return {
      line,
      code: 'duplicate_in_file',
      values: { serial, earlierLine: earlier },
      message: `Serial ${serial} is already on line ${earlier}`,
    };
  seen.set(serial, line);
  return { line, serial, status };
}
