// POST /functions/v1/export-my-data (issue 5, GDPR Art. 15/20; issue 30): everything held about the
// caller as one JSON document, served as a download and streamed as it is read. The database's
// catalogue of personal data decides what it holds (migration 20261127001200, decision 0153):
// private.export_outline lists the sections, with their titles in the caller's language, and
// private.export_page reads each section a page at a time, so no section — a large brand's label
// scans — is ever held whole in memory, and the database is never held by one slow download.
//
//   {
//     "format": "tagledger-export/2", "generated_at": …, "language": "fr",
//     "contents": { "account": "Compte", … },
//     "account": { … },            one-row sections: an object, or null
//     "assets": [ { … }, … ],      the others: every row, in a stable order
//     …
//   }
//
// A failure before the first byte answers JSON {error}; one while streaming cuts the download off,
// so a partial document never parses as a whole one.
import { Readable } from 'node:stream';
import type { AppContext } from '../shared/context.js';
import { FunctionError } from './errors.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';

/** Exports are cheap but large; a handful per hour is plenty for a person. */
export const EXPORT_RATE_LIMIT = { limit: 10, windowSeconds: 3600 };
/** Rows read from the database per query. */
export const EXPORT_PAGE_ROWS = 500;

interface Outline {
  format: string;
  generated_at: string;
  language: string;
  sections: { section: string; title: string; one_row: boolean }[];
}

/** Pretty-prints a value as a member of the document at the given depth. */
function indented(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

async function* exportDocument(ctx: AppContext, userId: string, outline: Outline): AsyncGenerator<string> {
  const contents = Object.fromEntries(outline.sections.map((s) => [s.section, s.title]));
  yield `{\n  "format": ${JSON.stringify(outline.format)},\n  "generated_at": ${JSON.stringify(outline.generated_at)},\n  "language": ${JSON.stringify(outline.language)},\n  "contents": ${indented(contents, 1)}`;
  for (const { section, one_row } of outline.sections) {
    const page = async (after: unknown, limit: number) =>
      (
        await ctx.db.query<{ cursor: unknown; data: unknown }>(
          'select cursor, data from private.export_page($1::uuid, $2, $3::jsonb, $4)',
          [userId, section, after === null ? null : JSON.stringify(after), limit],
        )
      ).rows;
    if (one_row) {
      const rows = await page(null, 1);
      yield `,\n  ${JSON.stringify(section)}: ${indented(rows[0]?.data ?? null, 1)}`;
      continue;
    }
    yield `,\n  ${JSON.stringify(section)}: [`;
    let after: unknown = null;
    let count = 0;
    for (;;) {
      const rows = await page(after, EXPORT_PAGE_ROWS);
      for (const row of rows) {
        yield `${count === 0 ? '' : ','}\n    ${indented(row.data, 2)}`;
        count += 1;
      }
      if (rows.length < EXPORT_PAGE_ROWS) break;
      after = rows[rows.length - 1]!.cursor;
    }
    yield count === 0 ? ']' : '\n  ]';
  }
  yield '\n}\n';
}

export const exportMyData: ServerFunction<'export-my-data'> = {
  name: 'export-my-data',
  verifyJwt: true,
  async handler({ ctx, principal, reply, req }) {
    const userId = signedInUserId(principal, 'No valid session');
    if (!(await ctx.rateLimiter.hit(`export-my-data:user:${userId}`, EXPORT_RATE_LIMIT))) {
      throw new FunctionError(429, 'Too many exports. Please try again later.', { code: 'rate_limited' });
    }
    let outline: Outline;
    try {
      const { rows } = await ctx.db.query<{ outline: Outline }>('select private.export_outline($1::uuid) as outline', [
        userId,
      ]);
      outline = rows[0]!.outline;
    } catch (err) {
      if ((err as { code?: string }).code === 'P0002') throw new FunctionError(404, 'User not found');
      throw err;
    }
    const body = Readable.from(exportDocument(ctx, userId, outline));
    body.on('error', (err) =>
      req.log.error({ err, userId }, 'export-my-data failed while streaming; the download is cut off'),
    );
    const day = outline.generated_at.slice(0, 10);
    const filename = `${ctx.config.appName.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'account'}-export-${day}.json`;
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
  },
};
