// A moderator's recall is the moderator's to end (issue 30, review). The attack as it was found: a
// moderator recalls a product from the reported-products queue (moderator_act … 'mark_recalled'),
// and the business ends the recall with business_set_product_status(…, 'active') — the button its
// product page shows for its own recalls. Every way a business could end it is tried here through the
// real server, as supabase-js and the web app call it: the function, an update of the status, a
// delete of the product (to add its GTIN again), and writing the recall's own columns. The recall
// stays, the business reads the moderator's reason, and only a moderator ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanPage } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer, verifyGs1Prefix } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const GTIN = '09506000134376';
const REASON = 'Batteries overheat: the maker’s own safety notice';

describe.each(drivers)('a moderator’s recall on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let moderator: TestUser;
  let productId: string;

  async function call(name: string, body: unknown, token: string) {
    const res = await fetch(`${server.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  /** The product's status as the database holds it, or undefined once deleted. */
  async function status() {
    const { rows } = await server.ctx.db.query<{ status: string }>(
      'select status from public.business_products where id = $1',
      [productId],
    );
    return rows[0]?.status;
  }

  async function recallReason() {
    const { rows } = await server.ctx.db.query<{ reason: string | null }>(
      'select moderator_recall_reason as reason from public.business_products where id = $1',
      [productId],
    );
    return rows[0]?.reason;
  }

  const scanStatus = async () =>
    ((await call('scan-unit', { gtin: GTIN, serial: 'PB-0001' }, server.anonKey)).json as unknown as ScanPage).product
      ?.status;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    moderator = await createTestUser(server, { role: 'moderator' });
    await verifyGs1Prefix(server.ctx.db, brand.id, '950600013437');
    const created = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Power bank 20k', gtin: GTIN })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    productId = created.data!.id as string;
    const unit = await brand.client
      .from('business_units')
      .insert({ business_id: brand.id, product_id: productId, serial: 'PB-0001' });
    expect(unit.error).toBeNull();
    // A visitor reports it; a moderator recalls it from the queue.
    const report = await call(
      'report-content',
      { target: 'product', gtin: GTIN, serial: 'PB-0001', reason: 'other', details: 'It got hot' },
      server.anonKey,
    );
    expect(report.status).toBe(200);
    const queue = await moderator.client.rpc('moderator_queue', { p_queue: 'products', p_limit: 10 });
    expect(queue.error).toBeNull();
    const reportId = (queue.data as { items: { id: string }[] }).items[0]!.id;
    const act = await moderator.client.rpc('moderator_act', {
      p_queue: 'products',
      p_item_id: reportId,
      p_action: 'mark_recalled',
      p_reason: REASON,
    });
    expect(act.error).toBeNull();
    expect(await status()).toBe('recalled');
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses the business’s end of the recall, with the moderator’s reason', async () => {
    const end = await brand.client.rpc('business_set_product_status', { p_product_id: productId, p_status: 'active' });
    expect(end.error?.code).toBe('42501');
    expect(end.error?.message).toBe('A moderator recalled this product; only a moderator can end the recall');
    expect(end.error?.hint).toBe(`The moderator's reason: ${REASON}`);
    expect(await status()).toBe('recalled');
    expect(await scanStatus()).toBe('recalled');
  });

  it('refuses an update of the status through the data API', async () => {
    const update = await brand.client.from('business_products').update({ status: 'active' }).eq('id', productId);
    expect(update.error?.code).toBe('42501');
    expect(await status()).toBe('recalled');
  });

  it('refuses to delete the product, which would free its GTIN for a fresh one', async () => {
    const del = await brand.client.from('business_products').delete().eq('id', productId).select('id');
    expect(del.error?.code).toBe('42501');
    expect(del.error?.message).toMatch(/moderator recalled this product/);
    expect(await status()).toBe('recalled');
    const again = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Power bank 20k (new)', gtin: GTIN });
    expect(again.status).toBe(409);
  });

  it('lets no business write the recall’s own columns, and shows it the reason', async () => {
    const clear = await brand.client
      .from('business_products')
      .update({ moderator_recall_at: null, moderator_recall_reason: null })
      .eq('id', productId);
    expect(clear.error?.code).toBe('42501');
    const read = await brand.client
      .from('business_products')
      .select('status, moderator_recall_at, moderator_recall_reason')
      .eq('id', productId)
      .single();
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({ status: 'recalled', moderator_recall_reason: REASON });
    expect(read.data?.moderator_recall_at).toEqual(expect.any(String));
  });

  it('lists the recall for moderators, with its brand and reason, and for nobody else', async () => {
    const list = await moderator.client.rpc('moderator_recalls', { p_limit: 10 });
    expect(list.error).toBeNull();
    expect(list.data).toMatchObject({
      total: 1,
      items: [{ product_id: productId, name: 'Power bank 20k', gtin: GTIN, reason: REASON }],
    });
    const byBrand = await brand.client.rpc('moderator_recalls', { p_limit: 10 });
    expect(byBrand.error?.code).toBe('42501');
  });

  it('refuses the moderator’s end to anyone who is not a moderator', async () => {
    const byBrand = await brand.client.rpc('moderator_set_product_status', {
      p_product_id: productId,
      p_status: 'active',
      p_reason: 'I fixed it',
    });
    expect(byBrand.error?.code).toBe('42501');
    expect(await status()).toBe('recalled');
  });

  it('lets a moderator end the recall, logged; then the business runs its own recalls again', async () => {
    const lift = await moderator.client.rpc('moderator_set_product_status', {
      p_product_id: productId,
      p_status: 'active',
      p_reason: 'The maker replaced the cells; notice withdrawn',
    });
    expect(lift.error).toBeNull();
    expect(await status()).toBe('active');
    expect(await recallReason()).toBeNull();
    expect(await scanStatus()).toBe('active');
    const { rows } = await server.ctx.db.query<{ action: string; reason: string }>(
      `select action, reason from public.moderation_log where details ->> 'product_id' = $1 order by id`,
      [productId],
    );
    expect(rows.map((r) => r.action)).toEqual(['mark_recalled', 'lift_recall']);
    expect((await moderator.client.rpc('moderator_recalls', {})).data).toEqual({
      total: 0,
      total_capped: false,
      next: null,
      items: [],
    });
    // Nothing stands to end now.
    const twice = await moderator.client.rpc('moderator_set_product_status', {
      p_product_id: productId,
      p_status: 'active',
      p_reason: 'Again',
    });
    expect(twice.error?.code).toBe('55000');

    const recall = await brand.client.rpc('business_set_product_status', {
      p_product_id: productId,
      p_status: 'recalled',
    });
    expect(recall.error).toBeNull();
    const end = await brand.client.rpc('business_set_product_status', { p_product_id: productId, p_status: 'active' });
    expect(end.error).toBeNull();
    expect(await status()).toBe('active');
  });

  it('lets the account be deleted whole (GDPR), a recalled product with it', async () => {
    const recall = await moderator.client.rpc('moderator_set_product_status', {
      p_product_id: productId,
      p_status: 'recalled',
      p_reason: REASON,
    });
    expect(recall.error).toBeNull();
    expect(await recallReason()).toBe(REASON);
    // What delete-account runs once the password and the typed confirmation are checked.
    await server.ctx.db.query('select private.delete_account($1)', [brand.id]);
    expect(await status()).toBeUndefined();
  });
});
