// Ensures the ADMIN_EMAIL/ADMIN_PASSWORD account exists, is confirmed and has role admin.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../shared/context.js';

export async function ensureAdminAccount(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!ctx.config.adminEmail || !ctx.config.adminPassword) return;
  log.warn('ADMIN_EMAIL is set but the auth service is not built yet');
}
