// Issue 28, item 1, through the real server: every GS1 Digital Link form of a genuine unit's label
// resolves to "genuine" — the GTIN in 13 or 14 digits, with a batch or variant before the serial,
// attributes in the query — where /01/04006381333931/21/CSV-00004 once said "the brand never issued
// this serial"; a wrong check digit is "not a valid barcode number", not a counterfeit warning.
// The page reads the link with parseDigitalLink and asks scan-unit, as below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDigitalLink, type ScanPage } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('GS1 Digital Link scans on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;

  async function scan(body: { gtin: string; serial: string }) {
    const res = await fetch(`${server.url}/functions/v1/scan-unit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as ScanPage & { code?: string } };
  }
  /** What the scan page does with a label's link: read it, then ask for its unit. */
  async function scanLink(link: string) {
    const parsed = parseDigitalLink(link);
    if (parsed.kind !== 'gtin' || !parsed.serial) throw new Error(`${link}: ${JSON.stringify(parsed)}`);
    return scan({ gtin: parsed.gtin, serial: parsed.serial });
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    await brand.client.from('business_profiles').insert({ business_id: brand.id, brand_name: 'GS1 Example Co' });
    await verifyGs1Prefix(server.ctx.db, brand.id, '9520123');
    await verifyGs1Prefix(server.ctx.db, brand.id, '400638133393');
    // Entered as GTIN-13, stored as 14 digits.
    for (const [name, gtin, serial] of [
      ['Example item', '9520123456788', '12345'],
      ['CSV item', '4006381333931', 'CSV-00004'],
    ] as const) {
      const product = await brand.client
        .from('business_products')
        .insert({ business_id: brand.id, name, gtin })
        .select('id, gtin')
        .single();
      expect(product.error).toBeNull();
      expect(product.data!.gtin).toBe(`0${gtin}`);
      const unit = await brand.client
        .from('business_units')
        .insert({ business_id: brand.id, product_id: product.data!.id, serial });
      expect(unit.error).toBeNull();
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('resolves every GS1 form of a genuine unit to genuine', async () => {
    for (const link of [
      'https://id.gs1.org/01/09520123456788/21/12345',
      'https://id.gs1.org/01/9520123456788/21/12345',
      'https://id.gs1.org/01/09520123456788/10/ABC123/21/12345',
      'https://id.gs1.org/01/09520123456788/22/2A/10/ABC%2F123/21/12345?17=261231',
      'https://example.com/products/01/9520123456788/21/%31%32%33%34%35',
      `${server.config.siteUrl}/01/09520123456788/21/12345?linkType=gs1:pip`,
      '/01/04006381333931/21/CSV-00004',
      '/01/4006381333931/21/CSV-00004',
    ]) {
      const { status, json } = await scanLink(link);
      expect(status, link).toBe(200);
      expect(json, link).toMatchObject({
        found: true,
        warnings: [],
        brand: { name: 'GS1 Example Co', verified: true },
        unit: { status: 'active' },
      });
    }
  });

  it('says a GTIN with a wrong check digit is not a valid barcode number, never that the product may be a copy', async () => {
    expect(parseDigitalLink('/01/4006381333932/21/CSV-00001')).toEqual({
      kind: 'invalid_gtin',
      value: '4006381333932',
    });
    const { status, json } = await scan({ gtin: '4006381333932', serial: 'CSV-00001' });
    expect(status).toBe(400);
    expect(json.code).toBe('invalid_gtin');
    expect(JSON.stringify(json)).not.toContain('never_issued');
  });

  it('still warns about a serial the GTIN’s holder never issued, in any GTIN length', async () => {
    for (const gtin of ['4006381333931', '04006381333931']) {
      const { json } = await scan({ gtin, serial: 'CSV-99999' });
      expect(json).toMatchObject({ found: false, warnings: ['never_issued'], brand: { name: 'GS1 Example Co' } });
    }
  });

  it('takes serials with the characters GS1 allows once decoded, and refuses others', async () => {
    expect((await scanLink('/01/09520123456788/21/A%2FB%25C')).json).toMatchObject({
      found: false,
      warnings: ['never_issued'],
    });
    expect((await scan({ gtin: '09520123456788', serial: 'a b' })).status).toBe(400);
  });
});
