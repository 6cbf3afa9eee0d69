// The test clock control: POST /test/v1/clock {"advance_days": n} moves the application clock
// (private.app_clock) forward and runs the legacy sweep at once, so tests cover months in seconds.
// It exists only when the server is started with TEST_CLOCK=on (config refuses that together with
// NODE_ENV=production) and only answers the service-role key.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../shared/context.js';
import { runLegacySweep, sendLegacyMails } from './jobs.js';

const body = z.object({ advance_days: z.number().min(0).max(3650) });

export async function testClockRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  app.post('/test/v1/clock', async (req, reply) => {
    const role = await ctx.identifier.apiKeyRole(req).catch(() => undefined);
    if (role !== 'service_role') {
      return reply.status(401).send({ code: 'unauthorized', message: 'The service-role key is required' });
    }
    const parsed = body.safeParse(req.body);
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ code: 'validation_failed', message: 'advance_days must be a number of days (0–3650)' });
    }
    const { rows } = await ctx.db.query<{ now: Date }>(
      `insert into private.app_clock (id, offset_seconds) values (true, $1)
       on conflict (id) do update set offset_seconds = private.app_clock.offset_seconds + excluded.offset_seconds
       returning now() + make_interval(secs => offset_seconds) as now`,
      [Math.round(parsed.data.advance_days * 86_400)],
    );
    const steps = await runLegacySweep(ctx);
    const mails = await sendLegacyMails(ctx);
    return reply.send({ now: rows[0]!.now, steps, mails });
  });
}
