// POST /functions/v1/export-my-data (issue 5, GDPR Art. 15/20): everything held about the caller
// as one JSON document, served as a download. The document is built in SQL by
// private.export_user_data() (migration 20261122000502), which includes each area's tables when
// they exist and leaves out columns that identify other people. Errors are JSON {error}.
import type { ServerFunction } from './types.js';
import { FunctionError } from './errors.js';

/** Exports are cheap but large; a handful per hour is plenty for a person. */
export const EXPORT_RATE_LIMIT = { limit: 10, windowSeconds: 3600 };

export const exportMyData: ServerFunction<'export-my-data'> = {
  name: 'export-my-data',
  verifyJwt: true,
  async handler({ ctx, principal, reply }) {
    const userId = principal.userId;
    if (principal.role !== 'authenticated' || !userId) throw new FunctionError(401, 'No valid session');
    if (!(await ctx.rateLimiter.hit(`export-my-data:user:${userId}`, EXPORT_RATE_LIMIT))) {
      throw new FunctionError(429, 'Too many exports. Please try again later.');
    }
    let doc: unknown;
    try {
      const { rows } = await ctx.db.query<{ doc: unknown }>('select private.export_user_data($1::uuid) as doc', [
        userId,
      ]);
      doc = rows[0]?.doc;
    } catch (err) {
      if ((err as { code?: string }).code === 'P0002') throw new FunctionError(404, 'User not found');
      throw err;
    }
    const day = new Date().toISOString().slice(0, 10);
    const filename = `${ctx.config.appName.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'account'}-export-${day}.json`;
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(doc, null, 2));
  },
};
