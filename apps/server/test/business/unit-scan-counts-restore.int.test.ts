// A restore makes the per-unit scan counts again from the restored scans (decision 0173): the rows
// arrive with triggers off, and an archive made before the counts existed holds none. Days no scan
// is left of (retention dropped their month) keep the archive's counts.
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyBackup, writeBackup } from '../../src/operations/backup.js';
import { backupKeyFromText } from '../../src/operations/backup-key.js';
import { storedFiles } from '../../src/storage/service.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('per-unit scan counts after a restore on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;

  /** The kept counts, and the raw scans' grouping they must equal. */
  const counts = (s: TestServer) =>
    s.ctx.db
      .query(
        `select business_id, unit_id, day::text, scans::int, scanners from public.business_unit_scan_days
          order by business_id, unit_id, day`,
      )
      .then((r) => r.rows);
  const fromScans = (s: TestServer) =>
    s.ctx.db
      .query(
        `select business_id, unit_id, (scanned_at at time zone 'UTC')::date::text as day, count(*)::int as scans,
                count(distinct scanner_hash)::int as scanners
           from public.business_unit_scans where unit_id is not null group by 1, 2, 3 order by 1, 2, 3`,
      )
      .then((r) => r.rows);

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    const db = server.ctx.db;
    const product = await db.query<{ id: string }>(
      `insert into public.business_products (business_id, name, sku) values ($1, 'Restored', 'RST') returning id`,
      [brand.id],
    );
    await db.query(
      `insert into public.business_units (business_id, product_id, serial)
       select $1, $2, 'RS-' || g from generate_series(1, 12) g`,
      [brand.id, product.rows[0]!.id],
    );
    // Unit RS-g scanned g times today and g times three days ago, by g % 4 + 1 scanners.
    await db.query(
      `insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash, scanned_at)
       select u.id, u.product_id, u.business_id, u.serial, 'h' || (k % ((substr(u.serial, 4))::int % 4 + 1)),
              ((now() at time zone 'UTC')::date - d)::timestamp at time zone 'UTC' + interval '1 second'
         from public.business_units u cross join (values (0), (3)) days(d)
         cross join lateral generate_series(1, (substr(u.serial, 4))::int) k
        where u.business_id = $1`,
      [brand.id],
    );
  }, 120_000);
  afterAll(() => server?.close());

  it('rebuilds the counts an archive lacks, and keeps those of days without scans', async () => {
    const db = server.ctx.db;
    expect(await counts(server)).toEqual(await fromScans(server));
    // An archive made before the counts existed: none of them, but one day whose scans are gone.
    const unit = await db.query<{ id: string }>(`select id from public.business_units where serial = 'RS-1'`);
    await db.query('delete from public.business_unit_scan_days');
    await db.query(
      `insert into public.business_unit_scan_days (business_id, unit_id, day, scans, scanners)
       values ($1, $2, '2020-02-02', 9, 3)`,
      [brand.id, unit.rows[0]!.id],
    );
    const key = backupKeyFromText('unit-scan-counts-backup-key-0123456789ab');
    const chunks: Buffer[] = [];
    const archive = new PassThrough();
    archive.on('data', (c: Buffer) => chunks.push(c));
    await writeBackup(db, storedFiles(server.ctx), archive, { key });

    const target = await startTestServer({ driver });
    try {
      const verified = await verifyBackup(() => Readable.from([Buffer.concat(chunks)]), { key });
      await restoreBackup(target.ctx.db, storedFiles(target.ctx), verified);
      const restored = await counts(target);
      expect(restored.filter((r) => r.day !== '2020-02-02')).toEqual(await fromScans(target));
      expect(restored.length).toBe(24 + 1);
      expect(restored.filter((r) => r.day === '2020-02-02')).toEqual([
        { business_id: brand.id, unit_id: unit.rows[0]!.id, day: '2020-02-02', scans: 9, scanners: 3 },
      ]);
      // Today's scanners are remembered again: a scanner seen today is not counted twice.
      const today = await target.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from private.unit_scan_day_scanners where day = (now() at time zone 'UTC')::date`,
      );
      expect(today.rows[0]!.n).toBe(
        Array.from({ length: 12 }, (_, i) => Math.min(i + 1, ((i + 1) % 4) + 1)).reduce((a, b) => a + b, 0),
      );
    } finally {
      await target.close();
    }
  }, 180_000);
});
