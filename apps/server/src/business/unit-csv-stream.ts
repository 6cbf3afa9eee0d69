// Reads a units CSV as it arrives (issue 14: imports of up to 100,000 rows are streamed, not held
// in one request body): lines are checked one by one (unit-csv.ts) and handed on in batches, so
// memory holds one batch plus the serials seen so far, whatever the file's size.
import { StringDecoder } from 'node:string_decoder';
import { checkUnitCells, MAX_IMPORT_ROWS, unitCsvCells, type RowError, type UnitRow } from './unit-csv.js';

/** Bytes a streamed CSV may have: 100,000 lines of a 64-character serial and a status fit easily. */
export const MAX_STREAM_BYTES = 16 * 1024 * 1024;
/** A line longer than this is no unit line; it is reported and skipped without buffering it. */
const MAX_LINE_CHARS = 1_000;

export interface StreamOutcome {
  /** Why reading stopped early, if it did: too many rows, or too many bytes. */
  stopped: 'too_many_rows' | 'too_large' | null;
  lines: number;
}

/**
 * Calls onBatch with every `batchSize` good rows (and once more with the rest), awaiting each
 * call before reading on, and onError with every bad line.
 */
export async function readUnitCsvStream(
  stream: AsyncIterable<Buffer | string>,
  batchSize: number,
  onBatch: (rows: UnitRow[]) => Promise<void>,
  onError: (error: RowError) => void,
): Promise<StreamOutcome> {
  const decoder = new StringDecoder('utf8');
  const seen = new Map<string, number>();
  let batch: UnitRow[] = [];
  let pending = '';
  let overlong = false;
  let line = 0;
  let rowCount = 0;
  let bytes = 0;
  let stopped: StreamOutcome['stopped'] = null;

  const takeLine = async (raw: string): Promise<boolean> => {
    line += 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return true;
    if (line === 1 && unitCsvCells(text)[0]?.toLowerCase() === 'serial') return true;
    if (rowCount >= MAX_IMPORT_ROWS) {
      stopped = 'too_many_rows';
      return false;
    }
    rowCount += 1;
    const checked = checkUnitCells(line, unitCsvCells(text), seen);
    if ('message' in checked) onError(checked);
    else batch.push(checked);
    if (batch.length >= batchSize) {
      const full = batch;
      batch = [];
      await onBatch(full);
    }
    return true;
  };

  outer: for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buf.length;
    if (bytes > MAX_STREAM_BYTES) {
      stopped = 'too_large';
      break;
    }
    pending += decoder.write(buf);
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const raw = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (overlong) {
        // The tail of a line already reported as too long.
        overlong = false;
        continue;
      }
      if (!(await takeLine(raw))) break outer;
    }
    if (pending.length > MAX_LINE_CHARS && !overlong) {
      line += 1;
      rowCount += 1;
      onError({
        line,
        code: 'line_too_long',
        values: { maxChars: MAX_LINE_CHARS },
        message: `Line longer than ${MAX_LINE_CHARS} characters`,
      });
      overlong = true;
      pending = '';
    } else if (overlong) pending = '';
  }
  if (!stopped && !overlong) {
    pending += decoder.end();
    if (pending !== '') await takeLine(pending);
  }
  if (batch.length > 0 && stopped !== 'too_large') await onBatch(batch);
  return { stopped, lines: line };
}
