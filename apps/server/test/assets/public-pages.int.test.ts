// The one-request functions behind the public pages a visitor opens from a QR code (issue 18):
// verify-serial (/verify/:serial), public-assets (/public-assets) and public-asset
// (/public-assets/:id). Through the real server: each answers exactly what the anonymous rpcs
// answer (plus the files' URLs and a unit's scan), never more — private assets' details, owners
// and their files stay out — and bad input is a 400 in the functions' shape.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('public page functions on %s', (driver) => {
  let server: TestServer;
  let owner: TestUser;
  let anon: ReturnType<TestServer['anonClient']>;
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const publicSerial = `PUB-${tag}`;
  const privateSerial = `PRIV-${tag}`;
  const unitSerial = `UNIT-${tag}`;
  let publicId = '';
  let privateId = '';
  let publicMedia = '';
  let privateMedia = '';

  async function call(name: string, body: unknown) {
    const res = await fetch(`${server.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
  }

  async function addAsset(title: string, serial: string, privacy: 'public' | 'private') {
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, description, serial_number, privacy)
       values ($1, gen_random_uuid(), 'general', $2, $3, $4, $5) returning id`,
      [owner.id, title, `${title} description`, serial, privacy],
    );
    const id = rows[0]!.id;
    const media = await server.ctx.db.query<{ id: string }>(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256)
       values ($1, $2, $3, 'photo', 'image/jpeg', 10, $4) returning id`,
      [id, owner.id, `${owner.id}/${id}/photo.jpg`, crypto.createHash('sha256').update(id).digest('hex')],
    );
    return { id, media: media.rows[0]!.id };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = await createTestUser(server);
    anon = server.anonClient();
    ({ id: publicId, media: publicMedia } = await addAsset(`Shared bike ${tag}`, publicSerial, 'public'));
    ({ id: privateId, media: privateMedia } = await addAsset(`Hidden safe ${tag}`, privateSerial, 'private'));
    const brand = await createTestUser(server, { isBusiness: true });
    // The brand holds its GTIN (a verified GS1 prefix): its units are live.
    await verifyGs1Prefix(server.ctx.db, brand.id, '400638133393');
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Diver 300', gtin: '4006381333931' })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    const unit = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: product.data!.id, serial: unitSerial });
    expect(unit.error).toBeNull();
  }, 120_000);
  afterAll(() => server?.close());

  /** Nothing that identifies the owner or their private asset appears in an answer. */
  function expectNoPrivateData(text: string) {
    expect(text).not.toContain(owner.id);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain('Hidden safe');
    expect(text).not.toContain(privateMedia);
    expect(text).not.toContain('photo.jpg');
  }

  describe('verify-serial', () => {
    it('answers the anonymous verify_serial verdict for a public asset, in one request', async () => {
      const res = await call('verify-serial', { serial: publicSerial });
      expect(res.status).toBe(200);
      const rpc = await anon.rpc('verify_serial', { p_serial: publicSerial });
      expect(rpc.error).toBeNull();
      expect(res.json.verdict).toEqual(rpc.data);
      expect(res.json).toMatchObject({ verdict: { registered: true, matches: [{ title: `Shared bike ${tag}` }] } });
      // Not a unit's serial: no scan page.
      expect(res.json.unit).toMatchObject({ found: false });
      expectNoPrivateData(res.text);
    });

    it('says a private asset is registered but not what it is or whose', async () => {
      const res = await call('verify-serial', { serial: privateSerial });
      expect(res.status).toBe(200);
      const rpc = await anon.rpc('verify_serial', { p_serial: privateSerial });
      expect(res.json.verdict).toEqual(rpc.data);
      expect(res.json).toMatchObject({ verdict: { registered: true, matches: [{ title: null, is_public: false }] } });
      expectNoPrivateData(res.text);
    });

    it('adds a unit’s scan page and records the scan once', async () => {
      const count = async () =>
        Number(
          (
            await server.ctx.db.query<{ n: string }>(
              'select count(*) as n from public.business_unit_scans where serial = $1',
              [unitSerial],
            )
          ).rows[0]!.n,
        );
      const before = await count();
      const res = await call('verify-serial', { serial: unitSerial });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ verdict: { registered: false, matches: [] }, unit: { found: true } });
      expect(await count()).toBe(before + 1);
    });

    it('leaves out the scan for a serial no label can carry', async () => {
      const res = await call('verify-serial', { serial: 'NOT A UNIT 1' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ verdict: { registered: false }, unit: null });
    });

    it.each([
      ['no serial', {}],
      ['an empty serial', { serial: '' }],
      ['a serial over 100 characters', { serial: 'A'.repeat(101) }],
      ['a number', { serial: 42 }],
      ['a body that is not JSON', '{"serial":'],
    ])('refuses %s with a 400 in the functions’ shape', async (_what, body) => {
      const res = await call('verify-serial', body);
      expect(res.status).toBe(400);
      expect(typeof res.json.error).toBe('string');
    });
  });

  describe('public-assets', () => {
    it('answers the anonymous search with the cards’ first-file URLs', async () => {
      const res = await call('public-assets', { query: tag, limit: 12 });
      expect(res.status).toBe(200);
      const rpc = await anon.rpc('search_public_assets', {
        p_query: tag,
        p_sort: 'created_at',
        p_ascending: false,
        p_limit: 12,
      });
      expect(rpc.error).toBeNull();
      expect(res.json.page).toEqual(rpc.data);
      expect(res.json).toMatchObject({
        page: { total: 1, total_capped: false, next: null, items: [{ id: publicId }] },
      });
      expect(Object.keys(res.json.urls as object)).toEqual([publicMedia]);
      expectNoPrivateData(res.text);
    });

    it.each([
      ['a page of 0', { limit: 0 }],
      ['a page over 48', { limit: 49 }],
      ['a cursor without an id', { limit: 12, after: { k: '2026-01-01' } }],
      ['a cursor whose id is not a uuid', { limit: 12, after: { k: '2026-01-01', id: 'x' } }],
      ['a cursor whose key does not fit the sort', { limit: 12, after: { k: 'soon', id: crypto.randomUUID() } }],
      ['an unknown sort', { limit: 12, sort: 'owner_id' }],
      ['no page size', {}],
    ])('refuses %s with a 400', async (_what, body) => {
      const res = await call('public-assets', body);
      expect(res.status).toBe(400);
      expect(typeof res.json.error).toBe('string');
    });
  });

  describe('public-asset', () => {
    it('answers the anonymous get_public_asset with its files’ URLs', async () => {
      const res = await call('public-asset', { assetId: publicId });
      expect(res.status).toBe(200);
      const rpc = await anon.rpc('get_public_asset', { p_asset_id: publicId });
      expect(res.json.asset).toEqual(rpc.data);
      expect(Object.keys(res.json.urls as object)).toEqual([publicMedia]);
      expectNoPrivateData(res.text);
    });

    it('answers nothing for a private asset or one that does not exist', async () => {
      for (const assetId of [privateId, crypto.randomUUID()]) {
        const res = await call('public-asset', { assetId });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ asset: null, urls: {} });
        expectNoPrivateData(res.text);
      }
    });

    it('refuses a malformed id with a 400', async () => {
      for (const body of [{ assetId: 'not-a-uuid' }, {}, { assetId: 7 }]) {
        const res = await call('public-asset', body);
        expect(res.status).toBe(400);
        expect(typeof res.json.error).toBe('string');
      }
    });
  });
});
