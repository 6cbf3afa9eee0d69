// Polling mobile-money requests through the job queue until they are final (decision 0154). A
// request-to-pay waits for the payer to approve on their phone; MTN's callback may never come (or
// come from anyone: it is not signed), so the server reads the status itself: a job per request
// started a few seconds after it and repeated until the status is final or its five minutes
// (private.mobile_money_lifetime) are over, and a sweep every minute that catches requests whose
// jobs were lost. SUCCESSFUL credits once (apply-report.ts), FAILED fails the purchase, and a
// request still pending after its five minutes is expired (a payment that still arrives credits it).
import type { FastifyBaseLogger } from 'fastify';
import { withRequestContext } from '@tagledger/db';
import type { AppContext } from '../shared/context.js';
import { applyReport } from './apply-report.js';
import { ProviderUnavailable } from './checkout-provider.js';
import { mtnMomo } from './mtn-momo.js';
import type { PaymentProvider } from './provider.js';

export const MOBILE_MONEY_STATUS_JOB = 'payments.mobile-money-status';
export const MOBILE_MONEY_SWEEP_JOB = 'payments.mobile-money-sweep';

/** Seconds between two reads of one request's status. */
export const MOBILE_MONEY_POLL_SECONDS = 10;

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export interface MobileMoneyRun {
  credited: number;
  failed: number;
  expired: number;
  pending: number;
  unanswered: number;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * Reads the status of pending mobile-money purchases (all of them, or the one named) and applies
 * the final ones. Answers what became of them.
 */
export async function checkMobileMoney(
  ctx: AppContext,
  log: Log,
  options: { purchaseId?: string; provider?: PaymentProvider | undefined } = {},
): Promise<MobileMoneyRun> {
  const provider = 'provider' in options ? options.provider : mtnMomo(ctx.config);
  const run: MobileMoneyRun = { credited: 0, failed: 0, expired: 0, pending: 0, unanswered: 0 };
  const due = await withRequestContext(
    ctx.db,
    service,
    async (tx) =>
      (
        await tx.query<{ id: string; provider_reference: string; expired: boolean }>(
          'select * from private.pending_mobile_money(100) where $1::uuid is null or id = $1::uuid',
          [options.purchaseId ?? null],
        )
      ).rows,
  );
  for (const purchase of due) {
    let report;
    try {
      if (!provider) throw new ProviderUnavailable('MTN MoMo is not configured');
      report = await provider.report(purchase.provider_reference);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      if (!purchase.expired) {
        run.unanswered++;
        continue;
      }
      // Five minutes without an answer: expired here; a payment MTN still reports credits it.
      report = { state: 'expired' as const };
    }
    if (report.state === 'pending' && purchase.expired) report = { state: 'expired' as const };
    const applied = await applyReport(ctx, log, 'mtn_momo', purchase.provider_reference, report);
    if (applied.outcome === 'credited') run.credited++;
    else if (applied.outcome === 'failed') run.failed++;
    else if (applied.outcome === 'expired') run.expired++;
    else if (applied.outcome === 'awaiting_payment') run.pending++;
  }
  return run;
}

/** Nothing is defined on servers without MTN settings (decision 0110: no idle work). */
export async function registerMobileMoneyJobs(ctx: AppContext, log: Log): Promise<void> {
  if (!mtnMomo(ctx.config)) return;
  await ctx.jobs.define<{ purchaseId: string }>(MOBILE_MONEY_STATUS_JOB, async ({ purchaseId }) => {
    const run = await checkMobileMoney(ctx, log, { purchaseId });
    if (run.pending || run.unanswered) await pollMobileMoneyLater(ctx, purchaseId);
  });
  await ctx.jobs.define(MOBILE_MONEY_SWEEP_JOB, async () => {
    const run = await checkMobileMoney(ctx, log);
    if (run.unanswered) log.warn({ ...run }, 'mobile-money requests unanswered at the provider; read again later');
  });
  await ctx.jobs.every(MOBILE_MONEY_SWEEP_JOB, '* * * * *');
}

/** Enqueues the next read of one request's status. */
export function pollMobileMoneyLater(ctx: AppContext, purchaseId: string): Promise<string> {
  return ctx.jobs.send(MOBILE_MONEY_STATUS_JOB, { purchaseId }, { startAfterSeconds: MOBILE_MONEY_POLL_SECONDS });
}
