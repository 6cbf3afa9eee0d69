// A product's unit count through the real server (decision 0171): the streamed CSV import and the
// range add keep business_products.unit_count right, the product page reads that one row (its
// plan touches no unit), users cannot write it through the Data API, and another business cannot
// read it. A restore recounts the units whatever the archive says.
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyBackup, writeBackup } from '../../src/operations/backup.js';
import { backupKeyFromText } from '../../src/operations/backup-key.js';
import { storedFiles } from '../../src/storage/service.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('unit counts through the server on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let productId: string;

  /** The product page's count, read as the web app reads it (useUnitCount in features/business/api/units.ts). */
  const unitCountQuery = (user: TestUser, id: string) =>
    user.client.from('business_products').select('unit_count').eq('id', id);
  const unitCount = (user: TestUser, id: string) => unitCountQuery(user, id).single();

  beforeAll(async () => {
    server = await startTestServer({ driver, env: { REST_PLAN_ENABLED: 'true' } });
    brand = await createTestUser(server, { isBusiness: true });
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Counted', sku: 'CNT' })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    productId = product.data!.id as string;
  }, 120_000);
  afterAll(() => server?.close());

  it('counts a range, a streamed CSV import in several batches, single adds and deletes', async () => {
    expect((await unitCount(brand, productId)).data).toEqual({ unit_count: 0 });
    const range = await brand.client.rpc('business_add_unit_range', {
      p_product_id: productId,
      p_prefix: 'RG-',
      p_start: 1,
      p_count: 300,
      p_width: 4,
    });
    expect(range.error).toBeNull();
    // 5,000 new serials and one the range added: three batches of the import, one skipped.
    const csv = ['serial', ...Array.from({ length: 5000 }, (_, i) => `CSV-${i}`), 'RG-0001', ''].join('\n');
    const res = await fetch(`${server.url}/functions/v1/import-units-stream?productId=${productId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', apikey: server.anonKey, Authorization: `Bearer ${brand.token}` },
      body: csv,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ inserted: 5000, skipped: 1, complete: true });
    expect((await unitCount(brand, productId)).data).toEqual({ unit_count: 5300 });

    const added = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: productId, serial: 'ONE-1' });
    expect(added.error).toBeNull();
    const removed = await brand.client.from('business_units').delete().like('serial', 'RG-%');
    expect(removed.error).toBeNull();
    expect((await unitCount(brand, productId)).data).toEqual({ unit_count: 5001 });
  }, 120_000);

  it('reads the count from the product row, not from the units', async () => {
    const plan = await unitCountQuery(brand, productId).explain({ format: 'text' });
    expect(plan.error).toBeNull();
    expect(String(plan.data)).toContain('business_products');
    expect(String(plan.data)).not.toContain('business_units');
  });

  it('refuses a user who writes the count, and hides it from another business', async () => {
    const write = await brand.client.from('business_products').update({ unit_count: 1 }).eq('id', productId);
    expect(write.error?.code).toBe('42501');
    const insert = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Forged', sku: 'FORGED', unit_count: 10_000_000 });
    expect(insert.error?.code).toBe('42501');
    expect((await unitCount(brand, productId)).data).toEqual({ unit_count: 5001 });

    const rival = await createTestUser(server, { isBusiness: true });
    const foreign = await rival.client.from('business_products').select('unit_count').eq('id', productId);
    expect(foreign.error).toBeNull();
    expect(foreign.data).toEqual([]);
  });

  it('recounts every product from its units when a backup is restored, whatever the archive holds', async () => {
    // An archive whose counts are wrong: one made before the counts existed holds 0 for every
    // product, and a restore loads rows with triggers off.
    const empty = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'No units', sku: 'NONE' })
      .select('id')
      .single();
    expect(empty.error).toBeNull();
    await server.ctx.db.query('update public.business_products set unit_count = 0, active_units = 0 where id = $1', [
      productId,
    ]);
    await server.ctx.db.query('update public.business_products set unit_count = 7 where id = $1', [empty.data!.id]);
    const key = backupKeyFromText('unit-count-backup-key-0123456789abcdef');
    const chunks: Buffer[] = [];
    const archive = new PassThrough();
    archive.on('data', (c: Buffer) => chunks.push(c));
    await writeBackup(server.ctx.db, storedFiles(server.ctx), archive, { key });

    const target = await startTestServer({ driver });
    try {
      const verified = await verifyBackup(() => Readable.from([Buffer.concat(chunks)]), { key });
      await restoreBackup(target.ctx.db, storedFiles(target.ctx), verified);
      const { rows } = await target.ctx.db.query<{ id: string; unit_count: string; units: string }>(
        `select p.id, p.unit_count::text,
                (select count(*) from public.business_units u where u.product_id = p.id)::text as units
           from public.business_products p where p.id = any($1::uuid[]) order by p.name`,
        [[productId, empty.data!.id]],
      );
      expect(rows).toEqual([
        { id: productId, unit_count: '5001', units: '5001' },
        { id: empty.data!.id, unit_count: '0', units: '0' },
      ]);
    } finally {
      await target.close();
    }
  }, 180_000);
});
