// Issue 28, item 4: the label form said "Empty: up to 1,000 labels" and then refused a product of
// 1,055 units with no way forward. unit-labels-pdf now answers a plan for a range ({plan: true}: how
// many units, cut into files of at most MAX_LABELS_PER_SHEET), every batch of the plan prints, and
// a range above the limit is refused with the batches to print instead. A plan lists a range's first
// MAX_PLANNED_FILES files and where the next starts (decision 0172).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { MAX_LABELS_PER_SHEET, MAX_PLANNED_FILES, type LabelSheetPlan } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

describe.each(drivers)('label sheets in batches on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let productId: string;

  async function sheet(body: unknown, token: string | null = brand.token) {
    const res = await postFunction(server, 'unit-labels-pdf', body, token);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = () => Buffer.from(bytes).toString('utf8');
    return { status: res.status, type: res.headers.get('content-type') ?? '', bytes, json: () => JSON.parse(text()) };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Diver 300', sku: 'D300' })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    productId = product.data!.id as string;
    const range = await brand.client.rpc('business_add_unit_range', {
      p_product_id: productId,
      p_prefix: 'AC-',
      p_start: 1,
      p_count: 1055,
      p_width: 4,
    });
    expect(range.error).toBeNull();
  }, 120_000);
  afterAll(() => server?.close());

  it('plans a range of 1,055 units as two files: 1,000 then 55 labels', async () => {
    expect(MAX_LABELS_PER_SHEET).toBe(1000);
    const res = await sheet({ plan: true, productId });
    expect(res.status).toBe(200);
    expect(res.json() as LabelSheetPlan).toEqual({
      count: 1055,
      countCapped: false,
      maxLabels: 1000,
      batches: [
        { fromSerial: 'AC-0001', toSerial: 'AC-1000', count: 1000 },
        { fromSerial: 'AC-1001', toSerial: 'AC-1055', count: 55 },
      ],
      nextFromSerial: null,
    });
    const part = await sheet({ plan: true, productId, fromSerial: 'AC-0990', toSerial: 'AC-0999' });
    expect(part.json()).toEqual({
      count: 10,
      countCapped: false,
      maxLabels: 1000,
      batches: [{ fromSerial: 'AC-0990', toSerial: 'AC-0999', count: 10 }],
      nextFromSerial: null,
    });
  });

  it(
    'plans a product of 21,000 units by its first 20 files and its kept count (decision 0172)',
    { timeout: 300_000 },
    async () => {
      const big = await brand.client
        .from('business_products')
        .insert({ business_id: brand.id, name: 'Big run', sku: 'BIG' })
        .select('id')
        .single();
      expect(big.error).toBeNull();
      const bigId = big.data!.id as string;
      for (const start of [1, 7001, 14001]) {
        const added = await brand.client.rpc('business_add_unit_range', {
          p_product_id: bigId,
          p_prefix: 'BIG-',
          p_start: start,
          p_count: 7000,
          p_width: 5,
        });
        expect(added.error).toBeNull();
      }
      const whole = (await sheet({ plan: true, productId: bigId })).json() as LabelSheetPlan;
      expect(whole).toMatchObject({ count: 21_000, countCapped: false, maxLabels: 1000, nextFromSerial: 'BIG-20001' });
      expect(whole.batches).toHaveLength(MAX_PLANNED_FILES);
      expect(whole.batches[19]).toEqual({ fromSerial: 'BIG-19001', toSerial: 'BIG-20000', count: 1000 });
      // A narrower range that goes on past the listed files is "more than" what they hold.
      const from = (await sheet({ plan: true, productId: bigId, fromSerial: 'BIG-00501' })).json() as LabelSheetPlan;
      expect(from).toMatchObject({ count: 20_000, countCapped: true, nextFromSerial: 'BIG-20501' });
      const rest = (await sheet({ plan: true, productId: bigId, fromSerial: 'BIG-20501' })).json() as LabelSheetPlan;
      expect(rest).toEqual({
        count: 500,
        countCapped: false,
        maxLabels: 1000,
        batches: [{ fromSerial: 'BIG-20501', toSerial: 'BIG-21000', count: 500 }],
        nextFromSerial: null,
      });
    },
  );

  it('answers an empty range with a plan of nothing, not an error', async () => {
    const res = await sheet({ plan: true, productId, fromSerial: 'ZZ-1' });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ count: 0, countCapped: false, maxLabels: 1000, batches: [], nextFromSerial: null });
  });

  it('prints a batch of the plan', { timeout: 120_000 }, async () => {
    const res = await sheet({ layout: 'avery-l7160', productId, fromSerial: 'AC-1001', toSerial: 'AC-1055' });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect((await PDFDocument.load(res.bytes)).getPageCount()).toBe(3);
  });

  it('refuses the whole range with the batches to print instead', async () => {
    const res = await sheet({ layout: 'avery-l7160', productId });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'too_many_labels',
      maxLabels: 1000,
      firstBatch: { fromSerial: 'AC-0001', toSerial: 'AC-1000' },
      nextFromSerial: 'AC-1001',
    });
    expect(res.json().error).toContain('from AC-0001 to AC-1000, the next from AC-1001');
  });

  it('plans only the caller’s own products, and refuses bad plans with a code', async () => {
    const stranger = await createTestUser(server, { isBusiness: true });
    expect((await sheet({ plan: true, productId }, stranger.token)).status).toBe(404);
    expect((await sheet({ plan: true, productId }, null)).status).toBe(401);
    const backwards = await sheet({ plan: true, productId, fromSerial: 'AC-0009', toSerial: 'AC-0001' });
    expect(backwards.status).toBe(400);
    expect(backwards.json().code).toBe('invalid_range');
    const bad = await sheet({ plan: true, productId, fromSerial: 'a b' });
    expect(bad.status).toBe(400);
    expect(bad.json().code).toBe('invalid');
  });
});
