// /storage/v1 — Supabase Storage-compatible object storage. (Being built: see issue 2.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.js';

export async function storageRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {}
