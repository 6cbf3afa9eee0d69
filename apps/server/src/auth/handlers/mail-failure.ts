// When a mail could not be sent, release its frequency slot so the user can retry at once.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import type { MailSlot } from '../services/otp.js';

export async function clearSentAt(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  slot: MailSlot,
  err: unknown,
): Promise<void> {
  req.log.error({ err }, 'sending auth mail failed');
  await ctx.db.query(`update auth.users set ${slot} = null where id = $1`, [userId]).catch(() => undefined);
}
