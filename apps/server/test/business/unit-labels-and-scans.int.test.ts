// Unit labels and scans through the real server: a business fills its catalogue with supabase-js as
// the web app does and downloads QR codes (the PNG decoded back to the label URL), then a visitor with
// no session scans a label over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ImportRowError, ScanPage } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

const GTIN = '09506000134352';

describe.each(drivers)('unit labels and scans on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let unitIds: Record<string, string> = {};

  async function label(body: unknown, token: string | null) {
    const res = await postFunction(server, 'unit-label-qr', body, token);
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }

  async function scan(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/functions/v1/scan-unit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as ScanPage & { error?: string; code?: string } };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    // The brand holds its GTIN (a verified GS1 prefix): its labels resolve to it.
    await verifyGs1Prefix(server.ctx.db, brand.id, '950600013435');
    const profile = await brand.client
      .from('business_profiles')
      .insert({ business_id: brand.id, brand_name: 'Acme Watches', website: 'https://acme.example' });
    expect(profile.error).toBeNull();
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Diver 300', gtin: GTIN })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    const units = await brand.client
      .from('business_units')
      .insert(['D-1', 'D-2'].map((serial) => ({ business_id: brand.id, product_id: product.data!.id, serial })))
      .select('id, serial');
    expect(units.error).toBeNull();
    unitIds = Object.fromEntries(units.data!.map((u) => [u.serial as string, u.id as string]));
  }, 120_000);
  afterAll(() => server?.close());

  it('answers a visitor with the brand, its badge, the product and the unit in one request', async () => {
    const first = await scan({ gtin: GTIN, serial: 'D-1' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      found: true,
      warnings: [],
      brand: { name: 'Acme Watches', verified: true, website: 'https://acme.example' },
      product: { name: 'Diver 300', gtin: GTIN },
      unit: { status: 'active', scan_count: 1 },
    });
    const again = await scan({ serial: 'D-1' });
    expect(again.json.unit?.scan_count).toBe(2);
  });

  it('warns about a serial the brand never issued', async () => {
    const { status, json } = await scan({ gtin: GTIN, serial: 'FAKE-9' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ found: false, warnings: ['never_issued'], brand: { name: 'Acme Watches' } });
  });

  it('shows no personal data of the business', async () => {
    const { json } = await scan({ gtin: GTIN, serial: 'D-2' });
    const text = JSON.stringify(json);
    expect(text).not.toContain(brand.id);
    expect(text).not.toContain(brand.email);
  });

  it('refuses bad input with a message and a code, never a 500', async () => {
    for (const body of [{}, { serial: '' }, { serial: 'a/b' }, { serial: 'x'.repeat(65) }]) {
      const { status, json } = await scan(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.code).toBe('invalid');
      expect(json.error).toBeTruthy();
    }
    // A GTIN of the wrong length or with a wrong check digit is not a barcode number, said first.
    for (const gtin of ['12', '4006381333932', '09506000134353']) {
      const { status, json } = await scan({ gtin, serial: 'a b' });
      expect(status, gtin).toBe(400);
      expect(json.code, gtin).toBe('invalid_gtin');
    }
    const notJson = await scan('{not json');
    expect(notJson.status).toBe(400);
  });

  it('keeps visitors from writing scans or reading them through the REST API', async () => {
    const anon = server.anonClient();
    const insert = await anon.from('business_unit_scans').insert({ serial: 'D-1', scanner_hash: 'x' });
    expect(insert.error?.code).toBe('42501');
    const rpc = await anon
      .schema('private' as 'public')
      .rpc('record_unit_scan', { p_gtin: null, p_serial: 'D-1', p_ip: '1.2.3.4' });
    expect(rpc.error).not.toBeNull();
    const own = await brand.client.from('business_unit_scans').select('serial');
    expect(own.error).toBeNull();
    expect(own.data!.length).toBeGreaterThan(0);
  });

  it('downloads a unit’s QR as a PNG that decodes to its GS1 Digital Link URL on this server', async () => {
    const png = await label({ unitId: unitIds['D-1'], format: 'png' }, brand.token);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    const image = PNG.sync.read(png.bytes);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(`${server.config.siteUrl}/01/${GTIN}/21/D-1`);
    const verifyForm = await label({ unitId: unitIds['D-1'], format: 'png', form: 'verify' }, brand.token);
    const image2 = PNG.sync.read(verifyForm.bytes);
    expect(jsQR(new Uint8ClampedArray(image2.data), image2.width, image2.height)?.data).toBe(
      `${server.config.siteUrl}/verify/D-1`,
    );
  });

  it('downloads the same QR as an SVG', async () => {
    const svg = await label({ unitId: unitIds['D-2'], format: 'svg' }, brand.token);
    expect(svg.status).toBe(200);
    expect(svg.type).toContain('image/svg+xml');
    expect(svg.bytes.toString('utf8')).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[^>]*>.*<path /s);
  });

  it('refuses labels of someone else’s units, visitors and bad input', async () => {
    const stranger = await createTestUser(server, { isBusiness: true });
    expect((await label({ unitId: unitIds['D-1'], format: 'png' }, stranger.token)).status).toBe(404);
    expect((await label({ unitId: unitIds['D-1'], format: 'png' }, null)).status).toBe(401);
    expect((await label({ unitId: unitIds['D-1'], format: 'gif' }, brand.token)).status).toBe(400);
    expect((await label({ unitId: 'nope', format: 'png' }, brand.token)).status).toBe(400);
  });

  async function importUnits(body: unknown, token: string) {
    const res = await fetch(`${server.url}/functions/v1/import-units`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      json: (await res.json()) as {
        inserted: number;
        skipped: number;
        errorCount: number;
        errors: ImportRowError[];
        code?: string;
      },
    };
  }

  it('imports 1,000 units from a CSV with a row-by-row error report, and is safe to re-run', async () => {
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Diver 500', sku: 'DIVER-500' })
      .select('id')
      .single();
    const serials = Array.from({ length: 1000 }, (_, i) => `BULK-${String(i).padStart(4, '0')}`);
    // Line 1 is the header; the units take lines 2–1001, then four bad lines.
    const csv = ['serial,status', ...serials, 'bad serial', 'BULK-0001', 'OK-1,broken', 'D-1'].join('\n');
    const first = await importUnits({ productId: product.data!.id, csv }, brand.token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ inserted: 1000, skipped: 0, errorCount: 4 });
    expect(first.json.errors.map((e) => e.line)).toEqual([1002, 1003, 1004, 1005]);
    expect(first.json.errors[1]!.message).toBe('Serial BULK-0001 is already on line 3');
    expect(first.json.errors[3]!.message).toBe('Serial D-1 belongs to another product');
    // Each bad line also says what is wrong as a code with its values, which the web app words in the reader's language.
    expect(first.json.errors.map((e) => e.code)).toEqual([
      'invalid_serial',
      'duplicate_in_file',
      'invalid_status',
      'serial_of_another_product',
    ]);
    expect(first.json.errors[1]).toMatchObject({ values: { serial: 'BULK-0001', earlierLine: 3 } });
    expect(first.json.errors[3]).toMatchObject({ values: { serial: 'D-1' } });

    const again = await importUnits({ productId: product.data!.id, csv }, brand.token);
    expect(again.json).toMatchObject({ inserted: 0, skipped: 1000, errorCount: 4 });
    const count = await brand.client
      .from('business_units')
      .select('id', { count: 'exact', head: true })
      .eq('product_id', product.data!.id);
    expect(count.count).toBe(1000);
  });

  it('refuses imports into someone else’s product and malformed requests', async () => {
    const stranger = await createTestUser(server, { isBusiness: true });
    const { data } = await brand.client.from('business_products').select('id').eq('gtin', GTIN).single();
    const foreign = await importUnits({ productId: data!.id, csv: 'X-1' }, stranger.token);
    expect(foreign.status).toBe(404);
    expect((await importUnits({ productId: data!.id, csv: '' }, brand.token)).status).toBe(400);
    expect((await importUnits({ productId: 'nope', csv: 'X-1' }, brand.token)).status).toBe(400);
    const tooMany = Array.from({ length: 100_001 }, (_, i) => `T${i}`).join('\n');
    const big = await importUnits({ productId: data!.id, csv: tooMany }, brand.token);
    expect(big.status).toBe(413);
    expect(big.json.code).toBe('too_many_rows');
  });
});
