// Read-your-writes with read replicas (DATABASE_READ_URL): a request that may write, made with a
// user's token, tells the database driver before it runs and again once answered, and the
// driver then sends that user's reads to the primary for DATABASE_READ_YOUR_WRITES_SECONDS
// (packages/db/src/replicas.ts). The data API needs no help: each of its transactions that may
// write marks its caller (withRequestContext), so a read-only call by POST does not. Elsewhere,
// reads are GET and HEAD outside /functions/v1 (a function may write whatever its method, and
// may write as the service role for the user); everything else counts as a write. Without
// replicas this does nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { bearerToken } from '../shared/identify.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function mayWrite(req: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (req.url.startsWith('/rest/v1/')) return false;
  return !READ_METHODS.has(req.method) || req.url.startsWith('/functions/v1/');
}

export function readYourWrites(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.databaseReadUrls.length === 0) return;
  const note = async (req: FastifyRequest) => {
    if (!mayWrite(req)) return;
    const token = bearerToken(req);
    if (!token) return;
    try {
      const identity = await ctx.identifier.identifyToken(token);
      if (identity.userId) ctx.db.noteWriteBy(identity.userId);
    } catch {
      // Not a live user's token: the API refuses it, and nothing was written for anyone.
    }
  };
  app.addHook('onRequest', note);
  app.addHook('onResponse', note);
}
