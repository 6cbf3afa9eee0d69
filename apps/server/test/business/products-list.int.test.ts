// The business's products list through supabase-js as the web app pages it (decision 0169): newest
// first, each page after the last product shown by its time and id, ties included; another business
// reads none of it; a malformed cursor is a 400, not a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('business products list on %s', (driver) => {
  let server: TestServer;
  let brand: TestUser;
  let rival: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    brand = await createTestUser(server, { isBusiness: true });
    rival = await createTestUser(server, { isBusiness: true });
    // Three products share each creation time: a cursor on time alone would skip or repeat them.
    await server.ctx.db.query(
      `insert into public.business_products (business_id, name, sku, created_at)
       select $1, 'Product ' || g, 'SKU-' || g, timestamptz '2026-01-01' + ((g / 3) || ' minutes')::interval
         from generate_series(1, 17) g`,
      [brand.id],
    );
  }, 180_000); // a fresh server migrates a new database; slow when the shared machine is busy
  afterAll(() => server?.close());

  const page = (user: TestUser, after: { created_at: string; id: string } | null, size = 4) => {
    let query = user.client.from('business_products').select('id, created_at').eq('business_id', brand.id);
    if (after) {
      query = query
        .lte('created_at', after.created_at)
        .or(`created_at.lt.${JSON.stringify(after.created_at)},id.lt.${after.id}`);
    }
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(size + 1);
  };

  it('walks every product newest first by cursor, ties included', async () => {
    const everything = await brand.client
      .from('business_products')
      .select('id')
      .eq('business_id', brand.id)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false });
    expect(everything.data).toHaveLength(17);
    const walked: string[] = [];
    let after: { created_at: string; id: string } | null = null;
    for (let i = 0; i < 10; i++) {
      const { data, error } = await page(brand, after);
      expect(error).toBeNull();
      const shown = data!.slice(0, 4);
      walked.push(...shown.map((r) => r.id));
      if (data!.length <= 4) break;
      after = shown.at(-1)!;
    }
    expect(walked).toEqual(everything.data!.map((r) => r.id));
  });

  it("shows the brand's products to no other business", async () => {
    const first = await page(brand, null);
    const { data, error } = await page(rival, first.data!.at(-2)!);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('answers 400 to a malformed cursor', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const after of [
      { created_at: 'not a time', id },
      { created_at: '2026-01-01T00:00:00Z', id: 'not-a-uuid' },
    ]) {
      const { error, status } = await page(brand, after);
      expect(status).toBe(400);
      expect(error?.code).toMatch(/^22/);
    }
  });
});
