// Issue 27, item 2: GTIN squatting and brand impersonation under the verified badge, performed over
// HTTP exactly as reported. Before the fix: business B2 registers GTIN 9780201379624 before B1; B1
// creates the same GTIN with its units; scanning B1's genuine label shows B2's product with
// never_issued and verified: true; after B2 takes B1's brand name with its own support contact, B1's
// labels show B1's name, the badge and B2's contact; B2 reads those scans in its analytics. Now a
// GTIN belongs to the business whose GS1 company prefix an administrator verified (decision 0140).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanPage } from '@tagledger/functions-api';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const GTIN = '9780201379624';

describe.each(drivers)('GTIN squatting and brand impersonation on %s', (driver) => {
  let server: TestServer;
  let b1: TestUser;
  let b2: TestUser;
  let admin: TestUser;

  async function scan(body: { gtin?: string; serial: string }) {
    const res = await fetch(`${server.url}/functions/v1/scan-unit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify(body),
    });
    return (await res.json()) as ScanPage;
  }
  async function addProduct(user: TestUser, name: string, serials: string[]) {
    const product = await user.client
      .from('business_products')
      .insert({ business_id: user.id, name, gtin: GTIN })
      .select('id, gtin')
      .single();
    if (product.error) return { error: product.error };
    const units = await user.client
      .from('business_units')
      .insert(serials.map((serial) => ({ business_id: user.id, product_id: product.data.id, serial })));
    expect(units.error).toBeNull();
    return { error: null, gtin: product.data.gtin as string };
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    b1 = await createTestUser(server, { isBusiness: true });
    b2 = await createTestUser(server, { isBusiness: true });
    admin = await createTestUser(server, { role: 'admin' });
    for (const [user, brand, contact] of [
      [b1, 'Addison Books', 'help@addison.example'],
      [b2, 'Quick Copies', 'sales@quick.example'],
    ] as const) {
      const profile = await user.client
        .from('business_profiles')
        .insert({ business_id: user.id, brand_name: brand, support_contact: contact });
      expect(profile.error).toBeNull();
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('gives the GTIN, its scans and the badge to the holder of the verified prefix, never to the business that came first', async () => {
    // B2 registers the GTIN first. B1's product with the same GTIN is refused with the reason.
    expect((await addProduct(b2, 'Design Patterns', ['AC-0001'])).error).toBeNull();
    const refused = await addProduct(b1, 'Design Patterns', ['AC-0001']);
    expect(refused.error).toMatchObject({ code: '23505', hint: 'gtin_taken' });

    // B1's genuine label, scanned: not B2's product, no never_issued, no verified badge.
    const squatted = await scan({ gtin: `0${GTIN}`, serial: 'AC-0001' });
    expect(squatted).toMatchObject({ found: false, unknown_gtin: true, warnings: [], brand: null, product: null });

    // B2 takes B1's brand name (another case and spacing): refused.
    const impersonation = await b2.client
      .from('business_profiles')
      .update({ brand_name: 'ADDISON  books' })
      .eq('business_id', b2.id);
    expect(impersonation.error).toMatchObject({ code: '23505', hint: 'brand_name_taken' });

    // B1 declares its GS1 company prefix; an admin verifies it, saying what was checked.
    const declared = await b1.client
      .from('business_gs1_prefixes')
      .insert({ business_id: b1.id, prefix: '9780201', reference: 'ISBN agency record 0-201' })
      .select('id')
      .single();
    expect(declared.error).toBeNull();
    // B2 cannot approve anything, nor write the decision columns.
    const self = await b2.client.rpc('admin_decide_gs1_prefix', {
      p_id: declared.data!.id,
      p_approve: true,
      p_evidence: 'trust me',
    });
    expect(self.error?.code).toBe('42501');
    const forged = await b2.client
      .from('business_gs1_prefixes')
      .insert({ business_id: b2.id, prefix: '9780201', status: 'verified' });
    expect(forged.error?.code).toBe('42501');
    const verified = await admin.client.rpc('admin_decide_gs1_prefix', {
      p_id: declared.data!.id,
      p_approve: true,
      p_evidence: 'ISBN agency: publisher prefix 978-0-201 belongs to Addison Books',
    });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ status: 'verified', gtins_taken_back: 1 });

    // B1 registers its product now; B2 can no longer take the GTIN back.
    const mine = await addProduct(b1, 'Design Patterns', ['AC-0001', 'AC-0002']);
    expect(mine).toEqual({ error: null, gtin: `0${GTIN}` });
    expect((await addProduct(b2, 'Design Patterns again', [])).error).toMatchObject({
      code: '23505',
      hint: 'gtin_held',
    });

    // B1's genuine label: B1's product, B1's brand and contact, the badge — in every GTIN length.
    for (const gtin of [GTIN, `0${GTIN}`]) {
      expect(await scan({ gtin, serial: 'AC-0001' })).toMatchObject({
        found: true,
        warnings: [],
        brand: { name: 'Addison Books', support_contact: 'help@addison.example', verified: true },
        product: { name: 'Design Patterns', gtin: `0${GTIN}` },
        unit: { status: 'active' },
      });
    }

    // The scans are B1's: B2 reads none, in its analytics or in the table.
    const theirs = await b2.client.rpc('my_business_scan_analytics', { p_days: 30 });
    expect(theirs.error).toBeNull();
    expect(theirs.data).toMatchObject({ total: 0, top_units: [] });
    const rows = await b2.client.from('business_unit_scans').select('serial');
    expect(rows.data).toEqual([]);
    const ours = await b1.client.rpc('my_business_scan_analytics', { p_days: 30 });
    expect(ours.data).toMatchObject({ total: 2 });

    // B2 sees why its product lost the GTIN.
    const released = await b2.client.from('business_products').select('gtin, released_gtin, gtin_released_reason');
    expect(released.data).toEqual([{ gtin: null, released_gtin: `0${GTIN}`, gtin_released_reason: 'other_prefix' }]);
  });
});
