// Label sheets and the streamed CSV import through the real server: the PDF is read back the way a
// viewer would (its text, and each QR image decoded with jsQR to the unit's URL), and the CSV is
// sent as a file body that the server parses as it arrives.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import type { ImportUnitsReport } from '@tagledger/functions-api';
import { readPdfText } from '../helpers/pdf-read.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

const GTIN = '04012345000016';

/** Decodes every QR image of every page: pdf-lib stores the PNG's pixels as Flate-compressed RGB. */
async function qrTextsOf(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    const texts: string[] = [];
    for (const [, ref] of xobjects?.entries() ?? []) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const width = stream.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
      const height = stream.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
      const channels = stream.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceGray') ? 1 : 3;
      const raw = inflateSync(stream.contents);
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 1 ? 0 : c)]!;
        rgba[i * 4 + 3] = 255;
      }
      const decoded = jsQR(rgba, width, height);
      texts.push(decoded?.data ?? '(unreadable)');
    }
    return texts;
  });
}

describe.each(drivers)('label sheets and streamed imports on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let productId: string;

  async function sheet(body: unknown, token: string | null) {
    const res = await postFunction(server, 'unit-labels-pdf', body, token);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes,
      json: () => JSON.parse(Buffer.from(bytes).toString('utf8')) as { code?: string; error?: string },
    };
  }

  async function streamImport(product: string, body: string | ReadableStream<Uint8Array>, token: string | null) {
    const res = await fetch(`${server.url}/functions/v1/import-units-stream?productId=${product}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/csv',
        apikey: server.anonKey,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: res.status, json: (await res.json()) as ImportUnitsReport & { code?: string; error?: string } };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Chronograph', gtin: GTIN })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    productId = product.data!.id as string;
    const range = await brand.client.rpc('business_add_unit_range', {
      p_product_id: productId,
      p_prefix: 'CH-',
      p_start: 1,
      p_count: 25,
      p_width: 4,
    });
    expect(range.error).toBeNull();
    expect(range.data).toMatchObject({ inserted: 25, skipped: 0, first: 'CH-0001', last: 'CH-0025' });
  }, 120_000);
  afterAll(() => server?.close());

  // Rendering pages and decoding every QR code is seconds of CPU work: more than the default 30 s on a busy machine.
  it(
    'prints a range on Avery L7160 (A4, 21 a sheet): every QR decodes to its unit URL next to its serial',
    { timeout: 120_000 },
    async () => {
      const res = await sheet(
        { layout: 'avery-l7160', productId, fromSerial: 'CH-0001', toSerial: 'CH-0023' },
        brand.token,
      );
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      const doc = await PDFDocument.load(res.bytes);
      expect(doc.getPageCount()).toBe(2);
      const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
      expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
      const qrs = await qrTextsOf(res.bytes);
      expect(qrs[0]).toHaveLength(21);
      expect(qrs[1]).toHaveLength(2);
      const expected = Array.from({ length: 23 }, (_, i) => {
        const serial = `CH-${String(i + 1).padStart(4, '0')}`;
        return `${server.config.siteUrl}/01/${GTIN}/21/${serial}`;
      });
      expect(qrs.flat().sort()).toEqual(expected);
      const text = await readPdfText(res.bytes);
      expect(text[0]!.text).toContain('CH-0001');
      expect(text[1]!.text).toContain('CH-0023');
      expect(text[0]!.text).toContain('Chronograph');
    },
  );

  it(
    'prints chosen units on Avery 5160 (US Letter, 30 a sheet), in the /verify form when asked',
    { timeout: 120_000 },
    async () => {
      const { data } = await brand.client
        .from('business_units')
        .select('id, serial')
        .in('serial', ['CH-0005', 'CH-0009']);
      const res = await sheet({ layout: 'avery-5160', unitIds: data!.map((u) => u.id), form: 'verify' }, brand.token);
      expect(res.status).toBe(200);
      const doc = await PDFDocument.load(res.bytes);
      expect([Math.round(doc.getPage(0).getWidth()), Math.round(doc.getPage(0).getHeight())]).toEqual([612, 792]);
      expect((await qrTextsOf(res.bytes))[0]!.sort()).toEqual([
        `${server.config.siteUrl}/verify/CH-0005`,
        `${server.config.siteUrl}/verify/CH-0009`,
      ]);
    },
  );

  it('refuses sheets of someone else’s units, visitors and bad requests with a code', async () => {
    const stranger = await createTestUser(server, { isBusiness: true });
    const { data } = await brand.client.from('business_units').select('id').limit(1);
    expect((await sheet({ layout: 'avery-5160', unitIds: [data![0]!.id] }, stranger.token)).status).toBe(404);
    expect((await sheet({ layout: 'avery-5160', productId }, stranger.token)).status).toBe(404);
    expect((await sheet({ layout: 'avery-5160', productId }, null)).status).toBe(401);
    const badLayout = await sheet({ layout: 'a4-any', productId }, brand.token);
    expect(badLayout.status).toBe(400);
    expect(badLayout.json().code).toBe('invalid');
    const backwards = await sheet(
      { layout: 'avery-5160', productId, fromSerial: 'CH-0009', toSerial: 'CH-0001' },
      brand.token,
    );
    expect(backwards.json().code).toBe('invalid_range');
    const empty = await sheet({ layout: 'avery-5160', productId, fromSerial: 'ZZ-1' }, brand.token);
    expect(empty.status).toBe(404);
    expect(empty.json().code).toBe('empty_range');
    const tooMany = await sheet({ layout: 'avery-5160', unitIds: Array(1001).fill(crypto.randomUUID()) }, brand.token);
    expect(tooMany.status).toBe(400);
  });

  it('streams a CSV file body, reports bad lines, and skips what is already in on a re-run', async () => {
    const serials = Array.from({ length: 4500 }, (_, i) => `ST-${String(i).padStart(5, '0')}`);
    const csv = ['serial,status', ...serials, 'bad serial', 'ST-00001', 'OK-1,broken', 'CH-0001,sold', ''].join('\r\n');
    // Sent in small chunks, so lines are cut across chunk boundaries as on a real network.
    const chunked = () => {
      const bytes = new TextEncoder().encode(csv);
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(at, at + 777));
          at += 777;
        },
      });
    };
    const first = await streamImport(productId, chunked(), brand.token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ inserted: 4500, skipped: 1, errorCount: 3, complete: true });
    expect(first.json.errors.map((e) => e.line)).toEqual([4502, 4503, 4504]);
    expect(first.json.errors[1]!.message).toBe('Serial ST-00001 is already on line 3');
    const again = await streamImport(productId, chunked(), brand.token);
    expect(again.json).toMatchObject({ inserted: 0, skipped: 4501, errorCount: 3 });
    const count = await brand.client
      .from('business_units')
      .select('id', { count: 'exact', head: true })
      .eq('product_id', productId);
    expect(count.count).toBe(4525);
  });

  it('stops reading after 100,000 rows and says where', async () => {
    const other = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Bulk', sku: 'BULK' })
      .select('id')
      .single();
    const csv = Array.from({ length: 100_002 }, (_, i) => `Z${i}`).join('\n');
    const res = await streamImport(other.data!.id as string, csv, brand.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ inserted: 100_000, complete: false, errorCount: 1 });
    expect(res.json.errors[0]).toMatchObject({ line: 100_001, code: 'too_many_rows', values: { maxRows: 100_000 } });
  }, 120_000);

  it('refuses streamed imports into someone else’s product, by visitors and with a bad product id', async () => {
    const stranger = await createTestUser(server, { isBusiness: true });
    const foreign = await streamImport(productId, 'X-1\n', stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('not_found');
    expect((await streamImport(productId, 'X-1\n', null)).status).toBe(401);
    const bad = await streamImport('nope', 'X-1\n', brand.token);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('invalid');
    const plain = await createTestUser(server);
    const { data } = await brand.client
      .from('business_units')
      .select('id', { count: 'exact', head: true })
      .eq('serial', 'X-1');
    expect(data).toBeNull();
    expect((await streamImport(productId, 'X-1\n', plain.token)).status).toBe(404);
  });
});
