// /auth/v1 — GoTrue-compatible auth service. (Being built: see issue 2.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';

export async function authRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  app.get('/.well-known/jwks.json', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=600').send(opts.ctx.keys.jwks),
  );
}
