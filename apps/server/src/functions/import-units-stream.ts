// POST /functions/v1/import-units-stream?productId=<uuid> with the CSV file itself as the body
// (text/csv) — the streamed form of import-units for files of up to 100,000 rows. The body is
// parsed as it arrives (business/unit-csv-stream.ts) and every batch of 2,000 units is inserted in
// its own transaction, so memory stays flat and the upload's progress is the import's progress
// (the next bytes are read only once the previous batch is in). Safe to re-run: serials the
// product already has are counted as skipped; a run cut short leaves whole batches in, and sending
// the same file again completes it.
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ImportUnitsReport } from '@tagledger/functions-api';
import { readUnitCsvStream, MAX_STREAM_BYTES } from '../business/unit-csv-stream.js';
import { MAX_IMPORT_ROWS, type RowError } from '../business/unit-csv.js';
import { FunctionError, parseInput } from './errors.js';
import { assertVerifiedBusinessProduct, BATCH, insertBatch, MAX_REPORTED_ERRORS } from './import-units.js';
import type { ServerFunction } from './types.js';

const querySchema = z.object({ productId: z.string().uuid('productId must be a UUID') });

/** Reads and drops what the client still sends, so it gets the answer rather than a reset. */
function drain(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    let extra = 0;
    if (stream.readableEnded) return resolve();
    stream.on('data', (chunk: Buffer) => {
      extra += chunk.length;
      if (extra > 2 * MAX_STREAM_BYTES) {
        stream.destroy();
        resolve();
      }
    });
    stream.on('end', () => resolve());
    stream.on('error', () => resolve());
    stream.resume();
  });
}

export const importUnitsStream: ServerFunction<'import-units-stream'> = {
  name: 'import-units-stream',
  verifyJwt: true,
  streamBody: true,
  bodyLimit: MAX_STREAM_BYTES,
  async handler({ ctx, principal, req }) {
    const userId = principal.userId;
    const body = req.body as Readable | undefined;
    try {
      if (principal.role !== 'authenticated' || !userId) throw new FunctionError(401, 'Sign in to import units');
      const input = parseInput(querySchema, req.query);
      if (!body || typeof (body as Partial<Readable>)[Symbol.asyncIterator] !== 'function')
        throw new FunctionError(400, 'Send the CSV file as the request body', { code: 'invalid' });
      const { productId } = input;
      await assertVerifiedBusinessProduct(ctx.db, userId, productId);

      const errors: RowError[] = [];
      let errorCount = 0;
      let inserted = 0;
      let skipped = 0;
      const note = (e: RowError) => {
        errorCount += 1;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
      };
      const outcome = await readUnitCsvStream(
        body,
        BATCH,
        async (batch) => {
          const result = await ctx.db.transaction((tx) => insertBatch(tx, userId, productId, batch));
          inserted += result.inserted;
          skipped += result.skipped;
          result.errors.forEach(note);
        },
        note,
      );
      if (outcome.stopped === 'too_many_rows')
        note({
          line: outcome.lines,
          code: 'too_many_rows',
          values: { maxRows: MAX_IMPORT_ROWS },
          message: `A CSV holds at most ${MAX_IMPORT_ROWS.toLocaleString('en')} units: this line and the rest were not read`,
        });
      if (outcome.stopped === 'too_large')
        note({
          line: outcome.lines,
          code: 'file_too_large',
          values: { maxMiB: MAX_STREAM_BYTES / 1024 / 1024 },
          message: `The file is larger than ${MAX_STREAM_BYTES / 1024 / 1024} MiB: reading stopped here`,
        });
      errors.sort((a, b) => a.line - b.line);
      const report: ImportUnitsReport = {
        inserted,
        skipped,
        errorCount,
        errors,
        lines: outcome.lines,
        complete: outcome.stopped === null,
      };
      return report;
    } finally {
      if (body && typeof (body as Partial<Readable>).resume === 'function') await drain(body);
    }
  },
};
