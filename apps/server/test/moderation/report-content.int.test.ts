// Reports through the real server: a visitor with no session reports a public asset and a scanned
// product with the report-content function; a moderator reads the queue and acts with supabase-js
// as the web app does; visitors and signed-in users cannot read reports; bad input gets a 4xx with a
// code; the per-IP limit holds whatever X-Forwarded-For the caller sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const GTIN = '09506000134352';

describe.each(drivers)('report-content on %s', (driver) => {
  let server: TestServer;
  let owner: TestUser;
  let visitor: TestUser;
  let moderator: TestUser;
  let assetId: string;

  async function reportContent(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/functions/v1/report-content`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { reported?: boolean; error?: string; code?: string } };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = await createTestUser(server);
    visitor = await createTestUser(server);
    moderator = await createTestUser(server, { role: 'moderator' });
    const brand = await createTestUser(server, { isBusiness: true });
    // The brand holds its GTIN (a verified GS1 prefix): reports of its labels name its product.
    await verifyGs1Prefix(server.ctx.db, brand.id, '950600013435');
    const asset = await server.ctx.db.query<{ id: string }>(
      `insert into public.assets (owner_id, submission_id, kind, title, privacy)
       values ($1, gen_random_uuid(), 'general', 'Shared lamp', 'public') returning id`,
      [owner.id],
    );
    assetId = asset.rows[0]!.id;
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Diver 300', gtin: GTIN })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    const unit = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: product.data!.id, serial: 'D-1' });
    expect(unit.error).toBeNull();
  });
  afterAll(() => server?.close());

  it('takes a report of a public asset from a visitor with no session', async () => {
    const res = await reportContent({ target: 'asset', assetId, reason: 'inappropriate', details: 'Rude words' });
    expect(res).toEqual({ status: 200, json: { reported: true } });
  });

  it('takes a signed-in user’s report of a scanned product', async () => {
    const res = await reportContent(
      { target: 'product', gtin: GTIN, serial: 'D-1', reason: 'counterfeit' },
      { Authorization: `Bearer ${visitor.token}` },
    );
    expect(res.status).toBe(200);
  });

  it('answers bad input with a 4xx and a code', async () => {
    const cases: [unknown, number][] = [
      [{ target: 'asset', assetId, reason: 'boring' }, 400],
      [{ target: 'asset', assetId: 'nope', reason: 'other' }, 400],
      [{ target: 'user', reason: 'other' }, 400],
      [{ target: 'product', serial: 'has space', reason: 'other' }, 400],
      [{ target: 'asset', assetId, reason: 'other', details: 'x'.repeat(1001) }, 400],
      [{ target: 'asset', assetId: crypto.randomUUID(), reason: 'other' }, 404],
      [{ target: 'product', gtin: '09506000134369', serial: 'Z-1', reason: 'scam' }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await reportContent(body);
      expect([body, res.status, typeof res.json.code]).toEqual([body, status, 'string']);
    }
  });

  it('lets neither visitors nor users read reports, and shows them to moderators in the queue', async () => {
    const anon = await server.anonClient().from('moderation_reports').select('id');
    expect(anon.error?.code).toBe('42501');
    const user = await visitor.client.from('moderation_reports').select('id');
    expect(user.data).toEqual([]);
    const refused = await visitor.client.rpc('moderator_queue', { p_queue: 'assets', p_limit: 20 });
    expect(refused.error?.code).toBe('42501');

    const counts = await moderator.client.rpc('moderator_queue_counts');
    expect(counts.data).toMatchObject({ assets: 1, products: 1 });
    const page = await moderator.client.rpc('moderator_queue', { p_queue: 'assets', p_limit: 20 });
    expect(page.data).toMatchObject({
      total: 1,
      items: [{ reason: 'inappropriate', asset: { title: 'Shared lamp' } }],
    });
    const hidden = await moderator.client.rpc('moderator_act', {
      p_queue: 'assets',
      p_item_id: (page.data as { items: { id: string }[] }).items[0]!.id,
      p_action: 'hide_asset',
      p_reason: 'Rude title',
    });
    expect(hidden.error).toBeNull();
    const gone = await server.anonClient().rpc('get_public_asset', { p_asset_id: assetId });
    expect(gone.data).toBeNull();
  });

  it('limits reports per IP, which X-Forwarded-For does not change', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await reportContent(
        { target: 'product', gtin: GTIN, serial: 'D-1', reason: 'other' },
        { 'X-Forwarded-For': `198.51.100.${i}` },
      );
      last = res.status;
      if (res.status === 429) {
        expect(res.json.code).toBe('rate_limited');
        break;
      }
    }
    expect(last).toBe(429);
  });
});
