// /functions/v1/:name — server functions. (Being built: see issue 2.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';

export async function functionsRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {}
