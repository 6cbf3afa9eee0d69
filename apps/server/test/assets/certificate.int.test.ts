// The certificate through the real server: an owner registers assets with stored files and
// downloads the PDF from the asset-certificate function. The photo thumbnail comes from the
// stored, signature-checked JPEG or PNG, downscaled so the PDF stays small; other photos (HEIC) or
// unreadable bytes give a placeholder, never an error. Refusals answer in the API's error shape.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessagesEn as en } from '../../src/assets/certificate-messages.js';
import { THUMBNAIL_MAX_PIXELS } from '../../src/assets/certificate-photo.js';
import { readPdfImages, readPdfText } from '../helpers/pdf-read.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE_IN_WORDS =
  /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}, \d{2}:\d{2} UTC\b/;

describe.each(drivers)('asset certificate on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await createTestUser(server, { email: `alice-certificate-${driver}@example.test` });
    bob = await createTestUser(server, { email: `bob-certificate-${driver}@example.test` });
    await server.ctx.db.query(`select private.ledger_post($1, 5000, 'admin_adjustment', 'test credit')`, [alice.id]);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(bytes: Buffer, type: string, ext: string): Promise<string> {
    const name = `${alice.id}/pending/${crypto.randomUUID()}.${ext}`;
    const { error } = await alice.client.storage.from('asset-media').upload(name, bytes, { contentType: type });
    if (error) throw error;
    return name;
  }

  async function call(name: string, body: unknown, token?: string) {
    const res = await postFunction(server, name, body, token);
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('application/json'))
      return { status: res.status, type, json: (await res.json()) as Record<string, unknown>, bytes: new Uint8Array() };
    return {
      status: res.status,
      type,
      json: {} as Record<string, unknown>,
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  async function register(title: string, media: string[], serial?: string): Promise<string> {
    const res = await call(
      'register-asset',
      {
        submissionId: crypto.randomUUID(),
        asset: { kind: 'general', title, serial_number: serial, estimated_value: 1899.5, currency: 'GBP' },
        media,
      },
      alice.token,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.asset_id as string;
  }

  async function certificate(assetId: string) {
    const res = await call('asset-certificate', { assetId }, alice.token);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/pdf');
    const [pages, images] = await Promise.all([readPdfText(res.bytes), readPdfImages(res.bytes)]);
    return { bytes: res.bytes, pages, images };
  }

  it('shows a downscaled thumbnail of a large stored photo, and the PDF stays small', async () => {
    // A 2400×1800 photo of noise: megabytes that do not compress, as a phone photo.
    const photo = await sharp(crypto.randomBytes(2400 * 1800 * 3), { raw: { width: 2400, height: 1800, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2_000_000);
    const serial = `CAM-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const assetId = await register('Leica M6 camera', [await upload(photo, 'image/jpeg', 'jpg')], serial);

    const { bytes, pages, images } = await certificate(assetId);
    const thumbnails = images[0]!.filter((img) => img.filter === 'DCTDecode');
    expect(thumbnails).toEqual([expect.objectContaining({ width: THUMBNAIL_MAX_PIXELS, height: 450 })]);
    expect(bytes.length).toBeLessThan(photo.length / 4);

    const first = pages[0]!;
    expect(first.text).toContain('Leica M6 camera');
    expect(first.text).toContain(serial);
    expect(first.text).toContain(en.photoCaption);
    expect(first.text).toContain('1,899.50 GBP');
    expect(first.text).not.toMatch(ISO_TIMESTAMP);
    expect(first.text).toMatch(DATE_IN_WORDS);
    // The QR code (the only square PNG) and the steps to check the certificate share page 1.
    expect(images[0]!.some((img) => img.filter === 'FlateDecode' && img.width === img.height)).toBe(true);
    expect(first.text).toContain(en.verifyHeading);
    expect(first.text).toContain(`/verify/${serial}`);
    // The proof material is on the appendix, not on the certificate page.
    const { rows } = await server.ctx.db.query<{ entry_hash: string; sha256: string }>(
      `select l.entry_hash, m.sha256 from public.asset_ledger l join public.asset_media m on m.asset_id = l.asset_id
       where l.asset_id = $1 order by l.seq desc limit 1`,
      [assetId],
    );
    expect(first.text).not.toContain(rows[0]!.entry_hash);
    expect(first.text).not.toContain(rows[0]!.sha256);
    expect(pages[1]!.text).toContain(en.appendixTitle);
    expect(pages[1]!.text).toContain(rows[0]!.entry_hash);
    expect(pages[1]!.text).toContain(rows[0]!.sha256);
  });

  it('uses a stored PNG photo too', async () => {
    const png = await sharp({
      create: { width: 320, height: 200, channels: 4, background: { r: 10, g: 160, b: 90, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const assetId = await register('Garden sculpture', [await upload(png, 'image/png', 'png')]);
    const { images } = await certificate(assetId);
    expect(images[0]!.filter((img) => img.filter === 'DCTDecode')).toEqual([
      expect.objectContaining({ width: 320, height: 200 }),
    ]);
  });

  it('shows a placeholder for a photo it does not decode, a photo that is not what it claims, and no photo', async () => {
    // HEIC is accepted as a photo but not decoded for the thumbnail.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      crypto.randomBytes(64),
    ]);
    const heicAsset = await register('Phone photo asset', [await upload(heic, 'image/heic', 'heic')]);
    // Starts like a JPEG (so the upload check accepts it) but is not an image.
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(4096)]);
    const brokenAsset = await register('Broken photo asset', [await upload(fakeJpeg, 'image/jpeg', 'jpg')]);
    const bareAsset = await register('Asset without files', []);

    for (const [assetId, text] of [
      [heicAsset, en.photoNotShown],
      [brokenAsset, en.photoNotShown],
      [bareAsset, en.noPhoto],
    ] as const) {
      const { pages, images } = await certificate(assetId);
      expect(images[0]!.filter((img) => img.filter === 'DCTDecode')).toEqual([]);
      expect(pages[0]!.text).toContain(text);
    }
  });

  it('refuses other users, anonymous callers and bad input in the API error shape', async () => {
    const assetId = await register('Private watch', []);
    const other = await call('asset-certificate', { assetId }, bob.token);
    expect(other).toMatchObject({ status: 404, json: { code: 'not_found' } });
    const anonymous = await call('asset-certificate', { assetId });
    expect(anonymous).toMatchObject({ status: 401, json: { message: 'Missing authorization header' } });
    const invalid = await call('asset-certificate', { assetId: 'not-a-uuid' }, alice.token);
    expect(invalid).toMatchObject({ status: 400, json: { code: 'invalid' } });
  });
});
