// The job that keeps the label scans' monthly partitions (decision 0157): once a day, and once when
// the server starts, it makes this month's and next month's partitions (private.ensure_scan_partitions),
// so a scan never waits in the default partition; with SCAN_RETENTION_MONTHS set, it then detaches and
// drops the months older than that (private.drop_old_scan_partitions). Their scans were counted in
// public.business_scan_days as they arrived, so the brand's analytics keep them. It also forgets the
// scanners of days before yesterday that the per-unit counts remember (decision 0173).
import { withRequestContext } from '@tagledger/db';
import type { AppContext } from '../shared/context.js';

export const SCAN_PARTITIONS_JOB = 'business.scan-partitions';

const service = { role: 'service_role' as const, claims: { role: 'service_role' } };

export interface ScanPartitionRun {
  /** Partitions made (0 to 2). */
  created: number;
  /** Names of the partitions dropped by retention. */
  dropped: string[];
}

export async function maintainScanPartitions(ctx: AppContext): Promise<ScanPartitionRun> {
  return withRequestContext(ctx.db, service, async (tx) => {
    const made = await tx.query<{ n: number }>('select private.ensure_scan_partitions() as n');
    const months = ctx.config.scanRetentionMonths;
    const dropped = months
      ? (await tx.query<{ name: string }>('select private.drop_old_scan_partitions($1) as name', [months])).rows
      : [];
    // The scanners remembered per unit and day for counting each once: only today's and yesterday's
    // scans still arrive (decision 0173).
    await tx.query('select private.forget_old_unit_scanners()');
    // Flagged units whose signal has ended; the moderators' queue skips them until then (decision 0174).
    await tx.query('select private.forget_ended_unit_flags()');
    return { created: Number(made.rows[0]?.n ?? 0), dropped: dropped.map((r) => r.name) };
  });
}

export async function registerScanPartitionJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.define(SCAN_PARTITIONS_JOB, async () => void (await maintainScanPartitions(ctx)));
  await ctx.jobs.every(SCAN_PARTITIONS_JOB, '17 3 * * *');
  await ctx.jobs.send(SCAN_PARTITIONS_JOB, {});
}
