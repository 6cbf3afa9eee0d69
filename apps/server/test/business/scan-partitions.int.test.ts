// The scans' partition job (decision 0157) on the real server: it is scheduled daily in the job
// queue, a run through the queue makes next month's partition when it is missing, and with
// SCAN_RETENTION_MONTHS it drops the months older than that while their daily counts stay; a run
// also forgets the moderators' flagged-unit signals that have ended (decision 0174).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthUser } from '@tagledger/db/testing';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { maintainScanPartitions, SCAN_PARTITIONS_JOB } from '../../src/business/scan-partitions.js';

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const monthName = (d: Date) =>
  `business_unit_scans_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

describe.each(drivers)('scan partition job on %s', (driver) => {
  let server: TestServer;
  const partitionExists = async (name: string) =>
    (
      await server.ctx.db.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [
        `scan_partitions.${name}`,
      ])
    ).rows[0]!.found;

  beforeAll(async () => {
    server = await startTestServer({ driver, env: { SCAN_RETENTION_MONTHS: '12' } });
  });
  afterAll(() => server?.close());

  it('is scheduled daily in the job queue', async () => {
    const { rows } = await server.ctx.db.query<{ cron: string }>('select cron from pgboss.schedule where name = $1', [
      SCAN_PARTITIONS_JOB,
    ]);
    expect(rows).toEqual([{ cron: '17 3 * * *' }]);
  });

  it('makes next month’s partition when a run comes through the queue', async () => {
    const now = new Date();
    const next = monthName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    // The start-up run has made it; take it away, as if the server had been down for a month.
    await until(() => partitionExists(next), `${next} from the start-up run`);
    await server.ctx.db.exec(`alter table public.business_unit_scans detach partition scan_partitions.${next}`);
    await server.ctx.db.exec(`drop table scan_partitions.${next}`);
    expect(await partitionExists(next)).toBe(false);

    await server.ctx.jobs.send(SCAN_PARTITIONS_JOB, {});
    await until(() => partitionExists(next), `${next} made by the job`);
  });

  it('drops the months older than SCAN_RETENTION_MONTHS and keeps their counts', async () => {
    const db = server.ctx.db;
    const brand = await createAuthUser(db, { isBusiness: true });
    const old = new Date(Date.UTC(new Date().getUTCFullYear() - 2, 0, 15));
    await db.query('select private.ensure_scan_partitions($1)', [old.toISOString()]);
    await db.query(
      `insert into public.business_unit_scans (business_id, serial, scanner_hash, scanned_at) values ($1, 'S-1', 'h', $2)`,
      [brand, old.toISOString()],
    );

    const run = await maintainScanPartitions(server.ctx);
    expect(run.dropped).toEqual(expect.arrayContaining([monthName(old)]));
    expect(await partitionExists(monthName(old))).toBe(false);
    const scans = await db.query<{ n: number }>(
      'select count(*)::int as n from public.business_unit_scans where business_id = $1',
      [brand],
    );
    expect(scans.rows[0]!.n).toBe(0);
    const counts = await db.query<{ scans: number }>(
      'select scans::int from public.business_scan_days where business_id = $1',
      [brand],
    );
    expect(counts.rows).toEqual([{ scans: 1 }]);
    // This month and the twelve before it stay.
    expect(await partitionExists(monthName(new Date()))).toBe(true);
  });

  it('forgets flagged-unit signals that have ended, and keeps those still running', async () => {
    const db = server.ctx.db;
    const ended = crypto.randomUUID();
    const running = crypto.randomUUID();
    await db.query(
      `insert into private.flagged_unit_signals (unit_id, last_scan_at, flagged_until)
       values ($1, now() - interval '25 hours', now() - interval '1 hour'), ($2, now(), now() + interval '1 hour')`,
      [ended, running],
    );
    await maintainScanPartitions(server.ctx);
    const left = await db.query<{ unit_id: string }>(
      'select unit_id from private.flagged_unit_signals where unit_id = any($1) order by unit_id',
      [[ended, running]],
    );
    expect(left.rows).toEqual([{ unit_id: running }]);
  });
});
