// Issue 27, items 6 and 9, over HTTP as a visitor would:
// - A serial shared by two businesses silenced the check: B2 adds serial AC-0005 (B1's);
//   scan-unit {serial: 'AC-0005'} answered found: false, ambiguous: true, warnings: [] and recorded
//   nothing, so /verify/AC-0005 on B1's labels went blank. Now every candidate brand is listed
//   (verified first), the scan is recorded and the units are flagged for the moderators.
// - Anyone could make a genuine unit look suspicious: 12 scans from one address put many_scans on
//   the public page and the unit in the moderators' queue. Now the signals count distinct
//   scanners (the salted per-day address hash), not requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanPage, VerifySerialPage } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const GTIN = '09521234543213';

describe.each(drivers)('shared serials and scan signals on %s', (driver) => {
  let server: TestServer;
  let b1: TestUser;
  let b2: TestUser;
  let moderator: TestUser;

  async function call<T>(name: string, body: unknown): Promise<T> {
    const res = await fetch(`${server.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }
  async function addProduct(user: TestUser, fields: { name: string; gtin?: string; sku?: string }, serials: string[]) {
    const product = await user.client
      .from('business_products')
      .insert({ business_id: user.id, ...fields })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    const units = await user.client
      .from('business_units')
      .insert(serials.map((serial) => ({ business_id: user.id, product_id: product.data!.id, serial })));
    expect(units.error).toBeNull();
  }
  const flaggedSerials = async () => {
    const { data, error } = await moderator.client.rpc('moderator_queue', { p_queue: 'flagged', p_limit: 100 });
    expect(error).toBeNull();
    return (data as { items: { serial: string; brand: string; shared_scans_24h: number; other_brands: string[] }[] })
      .items;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    b1 = await createTestUser(server, { isBusiness: true });
    b2 = await createTestUser(server, { isBusiness: true });
    moderator = await createTestUser(server, { role: 'moderator' });
    await b1.client.from('business_profiles').insert({ business_id: b1.id, brand_name: 'Zeta Watches' });
    await b2.client.from('business_profiles').insert({ business_id: b2.id, brand_name: 'Alpha Copies' });
    await verifyGs1Prefix(server.ctx.db, b1.id, '952123454321');
    await addProduct(b1, { name: 'Diver 300', gtin: GTIN }, ['AC-0005', 'AC-0006', 'AC-0007']);
    await addProduct(b2, { name: 'Diver look-alike', sku: 'LOOK-1' }, ['AC-0005']);
    // B2 loses the badge: a candidate still, listed after the verified brand.
    await server.ctx.db.query('update public.user_profiles set is_business_user = false where id = $1', [b2.id]);
  }, 120_000);
  afterAll(() => server?.close());

  it('lists every brand that issued a shared serial, verified first, and records and flags the scan', async () => {
    const page = await call<ScanPage>('scan-unit', { serial: 'AC-0005' });
    expect(page).toMatchObject({ found: false, ambiguous: true, warnings: ['shared_serial'] });
    expect(page.candidates?.map((c) => [c.brand.name, c.brand.verified, c.product.name, c.unit.status])).toEqual([
      ['Zeta Watches', true, 'Diver 300', 'active'],
      ['Alpha Copies', false, 'Diver look-alike', 'active'],
    ]);
    const recorded = await server.ctx.db.query<{ ambiguous: boolean; business_id: string | null }>(
      `select ambiguous, business_id from public.business_unit_scans where serial = 'AC-0005'`,
    );
    expect(recorded.rows).toEqual([{ ambiguous: true, business_id: null }]);
    const flagged = (await flaggedSerials()).filter((i) => i.serial === 'AC-0005');
    expect(flagged.map((i) => [i.brand, i.shared_scans_24h, i.other_brands]).sort()).toEqual([
      ['Alpha Copies', 1, ['Zeta Watches']],
      ['Zeta Watches', 1, ['Alpha Copies']],
    ]);
    // Neither business reads the scan as its own: nobody can tell whose label it was.
    for (const user of [b1, b2]) {
      const rows = await user.client.from('business_unit_scans').select('serial').eq('serial', 'AC-0005');
      expect(rows.data).toEqual([]);
    }
    // B1's analytics name the serial as shared, without a count.
    const analytics = await b1.client.rpc('my_business_scan_analytics', { p_days: 7 });
    expect(analytics.data).toMatchObject({
      shared_serials: [{ serial: 'AC-0005', product: 'Diver 300', other_brands: 1 }],
    });
  });

  it('does not leave /verify/AC-0005 blank: its one request answers the candidates', async () => {
    const page = await call<VerifySerialPage>('verify-serial', { serial: 'AC-0005' });
    expect(page.unit).toMatchObject({ ambiguous: true, warnings: ['shared_serial'] });
    expect(page.unit?.candidates).toHaveLength(2);
  });

  it('does not warn about a unit one scanner reloads 12 times, nor queue it for the moderators', async () => {
    for (let i = 0; i < 12; i++) {
      const page = await call<ScanPage>('scan-unit', { gtin: GTIN, serial: 'AC-0006' });
      expect(page.found).toBe(true);
      expect(page.warnings).toEqual([]);
    }
    expect((await flaggedSerials()).map((i) => i.serial)).not.toContain('AC-0006');
  });
});
