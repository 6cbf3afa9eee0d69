// Issue 27, item 3: a business must not erase a moderator's counterfeit verdict. The attack as it was
// reported: a moderator marks unit AC-0001 counterfeit (moderator_set_unit_status), the business
// deletes the unit (it answered 200) and adds serial AC-0001 again (201, active, scan count reset).
// Every way a business could do that is tried here through the real server, as supabase-js and the
// web app call it: deleting the unit, deleting its product, inserting or upserting the serial again,
// the JSON and streamed CSV imports and a numbered range. The unit, its verdict and its scans stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportUnitsReport, ScanPage } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const GTIN = '09506000134376';

describe.each(drivers)('a moderator’s counterfeit verdict on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let moderator: TestUser;
  let productId: string;
  let unitId: string;

  async function call(name: string, body: unknown, token: string, query = '', type = 'application/json') {
    const res = await fetch(`${server.url}/functions/v1/${name}${query}`, {
      method: 'POST',
      headers: { 'Content-Type': type, apikey: server.anonKey, Authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  const scan = async (serial: string) =>
    (await call('scan-unit', { gtin: GTIN, serial }, server.anonKey)).json as unknown as ScanPage;

  async function unitRow() {
    const { rows } = await server.ctx.db.query<{ id: string; status: string; created_at: Date }>(
      `select id, status, created_at from public.business_units where business_id = $1 and serial = 'AC-0001'`,
      [brand.id],
    );
    return rows;
  }

  const scansOfUnit = async () =>
    Number(
      (
        await server.ctx.db.query<{ n: string }>(
          'select count(*) as n from public.business_unit_scans where unit_id = $1',
          [unitId],
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    moderator = await createTestUser(server, { role: 'moderator' });
    // Scans count for a GTIN's holder only once its GS1 prefix is verified (decision 0140).
    await verifyGs1Prefix(server.ctx.db, brand.id, '950600013437');
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Diver 300', gtin: GTIN })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    productId = product.data!.id as string;
    const unit = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: productId, serial: 'AC-0001' })
      .select('id')
      .single();
    expect(unit.error).toBeNull();
    unitId = unit.data!.id as string;
    for (let i = 0; i < 3; i++) await scan('AC-0001');
    const verdict = await moderator.client.rpc('moderator_set_unit_status', {
      p_unit_id: unitId,
      p_status: 'counterfeit',
      p_reason: 'Cloned labels sold at a market stall',
    });
    expect(verdict.error).toBeNull();
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses the business’s delete of the unit, and keeps the unit, its verdict and its scans', async () => {
    const del = await brand.client.from('business_units').delete().eq('id', unitId).select('id');
    expect(del.status).toBe(403);
    expect(del.error?.code).toBe('42501');
    expect(del.error?.message).toMatch(/moderator marked unit AC-0001 counterfeit/);
    expect((await unitRow()).map((u) => [u.id, u.status])).toEqual([[unitId, 'counterfeit']]);
    expect(await scansOfUnit()).toBe(3);
    // A delete by a filter that sweeps every unit of the product refuses as a whole.
    const sweep = await brand.client.from('business_units').delete().eq('product_id', productId);
    expect(sweep.error?.code).toBe('42501');
    expect(await unitRow()).toHaveLength(1);
  });

  it('refuses to delete the product, which would take the unit with it', async () => {
    const del = await brand.client.from('business_products').delete().eq('id', productId).select('id');
    expect(del.status).toBe(403);
    expect(del.error?.code).toBe('42501');
    expect(del.error?.message).toMatch(/product and those units are kept as evidence/);
    const { rows } = await server.ctx.db.query('select 1 from public.business_products where id = $1', [productId]);
    expect(rows).toHaveLength(1);
    expect((await unitRow())[0]?.status).toBe('counterfeit');
    expect(await scansOfUnit()).toBe(3);
  });

  it('never turns the serial active again: insert, upserts, CSV imports and ranges', async () => {
    const insert = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: productId, serial: 'AC-0001' });
    expect(insert.status).toBe(409);
    const upsert = await brand.client
      .from('business_units')
      .upsert(
        { business_id: brand.id, product_id: productId, serial: 'AC-0001', status: 'active' },
        { onConflict: 'business_id,serial' },
      );
    expect(upsert.error).not.toBeNull();
    const update = await brand.client.from('business_units').update({ status: 'active' }).eq('id', unitId).select();
    expect(update.data ?? []).toEqual([]);
    const setStatus = await brand.client.rpc('business_set_unit_status', { p_unit_id: unitId, p_status: 'active' });
    expect(setStatus.error?.code).toBe('42501');

    const json = await call('import-units', { productId, csv: 'serial,status\nAC-0001,active\n' }, brand.token);
    expect(json.status).toBe(200);
    expect(json.json).toMatchObject({ inserted: 0, skipped: 1 });
    const streamed = await call(
      'import-units-stream',
      'AC-0001,active\nAC-0002\n',
      brand.token,
      `?productId=${productId}`,
      'text/csv',
    );
    expect(streamed.status).toBe(200);
    expect(streamed.json as unknown as ImportUnitsReport).toMatchObject({ inserted: 1, skipped: 1 });
    const range = await brand.client.rpc('business_add_unit_range', {
      p_product_id: productId,
      p_prefix: 'AC-',
      p_start: 1,
      p_count: 3,
      p_width: 4,
    });
    expect(range.error).toBeNull();
    expect(range.data).toMatchObject({ inserted: 1, skipped: 2 });

    const rows = await unitRow();
    expect(rows.map((u) => [u.id, u.status])).toEqual([[unitId, 'counterfeit']]);
    const page = await scan('AC-0001');
    expect(page.unit).toMatchObject({ status: 'counterfeit', scan_count: 4 });
  });

  it('still lets the business delete units and products that carry no verdict', async () => {
    const other = await brand.client.from('business_units').delete().eq('product_id', productId).neq('id', unitId);
    expect(other.error).toBeNull();
    const spare = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Spare', sku: 'SPARE-1' })
      .select('id')
      .single();
    expect(spare.error).toBeNull();
    const unit = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: spare.data!.id, serial: 'SP-1' });
    expect(unit.error).toBeNull();
    const del = await brand.client.from('business_products').delete().eq('id', spare.data!.id).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);
  });

  it('lets the business delete the unit once a moderator has cleared the verdict', async () => {
    const clear = await moderator.client.rpc('moderator_set_unit_status', {
      p_unit_id: unitId,
      p_status: 'active',
      p_reason: 'The seller proved the labels genuine',
    });
    expect(clear.error).toBeNull();
    const del = await brand.client.from('business_units').delete().eq('id', unitId).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toEqual([{ id: unitId }]);
  });
});
