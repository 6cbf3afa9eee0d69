// /rest/v1 — PostgREST-compatible data API. (Being built: see issue 2.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';

export async function restRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {}
