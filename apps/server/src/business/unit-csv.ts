// Parses a units CSV: one unit per line, `serial` or `serial,status`, an optional header line
// (`serial` / `serial,status`), blank lines ignored. Every bad line is reported with its number and
// what is wrong, so that the business can fix the file and import it again: the import is
// idempotent on serial, so the lines already in are skipped on the second run.
export const MAX_IMPORT_ROWS = 100_000;
const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;
const STATUSES = new Set(['active', 'sold', 'recalled']);

export interface UnitRow {
  line: number;
  serial: string;
  status: string;
}

export interface RowError {
  line: number;
  message: string;
}

function* unitCsvLines(text: string): Generator<{ line: number; cells: string[] }> {
  let line = 0;
  for (const raw of text.split(/\r?\n/)) {
    line += 1;
    if (raw.trim() === '') continue;
    yield { line, cells: raw.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')) };
  }
}

export function parseUnitCsv(text: string): { rows: UnitRow[]; errors: RowError[]; tooMany: boolean } {
  const rows: UnitRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of unitCsvLines(text)) {
    if (line === 1 && cells[0]?.toLowerCase() === 'serial') continue;
    if (rows.length + errors.length >= MAX_IMPORT_ROWS) return { rows, errors, tooMany: true };
    const [serial = '', status = 'active', ...rest] = cells;
    if (rest.length > 0) errors.push({ line, message: 'Too many columns: expected serial and an optional status' });
    else if (!SERIAL.test(serial))
      errors.push({ line, message: 'Serial must be 1–64 letters, digits, dots, dashes or underscores' });
    else if (!STATUSES.has(status)) errors.push({ line, message: 'Status must be active, sold or recalled' });
    else if (seen.has(serial))
      errors.push({ line, message: `Serial ${serial} is already on line ${seen.get(serial)}` });
    else {
      seen.set(serial, line);
      rows.push({ line, serial, status });
    }
  }
  return { rows, errors, tooMany: false };
}
