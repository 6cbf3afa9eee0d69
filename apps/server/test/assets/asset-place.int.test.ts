// Where an asset is kept, through the real server and supabase-js (issue 32, item 3): the owner
// registers a bike with a place and coordinates; it stays private — the public asset, the public
// listing and /verify's answer do not carry it, for visitors and other users alike — until the
// owner shares it for that asset; the data export carries it; the certificate prints it only when
// the owner chooses.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessagesEn as en } from '../../src/assets/certificate-messages.js';
import { readPdfText } from '../helpers/pdf-read.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const PLACE = 'Shed behind 12 Rue Joss';

describe.each(drivers)('where an asset is kept, on %s', (driver) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  let bike: string;
  const serial = `BIKE-${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = await createTestUser(server, { email: `kept-owner-${driver}@example.test` });
    other = await createTestUser(server, { email: `kept-other-${driver}@example.test` });
    await server.ctx.db.query(`select private.ledger_post($1, 5000, 'admin_adjustment', 'test credit')`, [owner.id]);
  }, 180_000);
  afterAll(() => server?.close());

  const register = (asset: Record<string, unknown>) =>
    owner.client.functions.invoke('register-asset', {
      body: { submissionId: crypto.randomUUID(), asset: { kind: 'general', ...asset }, media: [] },
    });

  async function certificateText(): Promise<string> {
    const res = await fetch(`${server.url}/functions/v1/asset-certificate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ assetId: bike }),
    });
    expect(res.status).toBe(200);
    const pages = await readPdfText(new Uint8Array(await res.arrayBuffer()));
    return pages.map((p) => p.text).join('\n');
  }

  it('refuses coordinates out of range or without their pair', async () => {
    for (const asset of [
      { title: 'Bad', location_latitude: 91, location_longitude: 0 },
      { title: 'Bad', location_latitude: 0, location_longitude: 181 },
      { title: 'Bad', location_latitude: 10, location_longitude: null },
      { title: 'Bad', location_accuracy_m: 5 },
      { title: 'Bad', location: 'x'.repeat(301) },
    ]) {
      const { error } = await register(asset);
      expect(error, JSON.stringify(asset)).not.toBeNull();
      expect(await (error as { context: Response }).context.json()).toMatchObject({ code: 'invalid' });
    }
  });

  it('registers a bike with its place and coordinates, private by default', async () => {
    const { data, error } = await register({
      title: 'Red bike',
      serial_number: serial,
      privacy: 'public',
      location: PLACE,
      location_latitude: 4.0511,
      location_longitude: 9.7679,
      location_accuracy_m: 18,
    });
    expect(error).toBeNull();
    bike = (data as { asset_id: string }).asset_id;
    const mine = await owner.client
      .from('assets')
      .select(
        'location, location_latitude, location_longitude, location_accuracy_m, share_location, location_on_certificate',
      )
      .eq('id', bike)
      .single();
    expect(mine.data).toEqual({
      location: PLACE,
      location_latitude: 4.0511,
      location_longitude: 9.7679,
      location_accuracy_m: 18,
      share_location: false,
      location_on_certificate: false,
    });
  });

  it('shows the place to nobody else: public asset, public listing, /verify, other users', async () => {
    const anon = server.anonClient();
    const answers = [
      await anon.rpc('get_public_asset', { p_asset_id: bike }),
      await anon.rpc('search_public_assets', { p_query: 'red bike' }),
      await anon.rpc('verify_serial', { p_serial: serial }),
      await other.client.rpc('get_public_asset', { p_asset_id: bike }),
      await other.client.from('assets').select('*').eq('id', bike),
    ];
    for (const { data, error } of answers) {
      expect(error).toBeNull();
      const text = JSON.stringify(data);
      expect(text).not.toContain('Rue Joss');
      expect(text).not.toContain('4.0511');
      expect(text).not.toContain('9.7679');
    }
    expect((answers[0]!.data as { title: string }).title).toBe('Red bike');
  });

  it('leaves the place off the certificate until the owner chooses it', async () => {
    const before = await certificateText();
    expect(before).not.toContain(en.fields.place);
    expect(before).not.toContain('Rue Joss');
    expect(
      (await owner.client.from('assets').update({ location_on_certificate: true }).eq('id', bike).select('id')).data,
    ).toHaveLength(1);
    const after = await certificateText();
    expect(after).toContain(en.fields.place);
    expect(after).toContain('Rue Joss');
    expect(after).toContain('4.05110, 9.76790');
    // Two certificates, each signing a checkpoint and logging it: slow on a loaded machine.
  }, 120_000);

  it('shows the place publicly once the owner shares it for this asset, never on /verify', async () => {
    await owner.client.from('assets').update({ share_location: true }).eq('id', bike);
    const anon = server.anonClient();
    const shared = await anon.rpc('get_public_asset', { p_asset_id: bike });
    expect(shared.data).toMatchObject({
      location: PLACE,
      location_coordinates: { latitude: 4.0511, longitude: 9.7679, accuracy_m: 18 },
    });
    const verify = await anon.rpc('verify_serial', { p_serial: serial });
    expect(JSON.stringify(verify.data)).not.toContain('Rue Joss');
    await owner.client.from('assets').update({ share_location: false }).eq('id', bike);
  });

  it('puts the place in the data export', async () => {
    const { data, error } = await owner.client.functions.invoke('export-my-data', { body: {} });
    expect(error).toBeNull();
    const doc = (typeof data === 'string' ? JSON.parse(data) : data) as { assets: Record<string, unknown>[] };
    expect(doc.assets.find((a) => a.id === bike)).toMatchObject({
      location: PLACE,
      location_latitude: 4.0511,
      location_longitude: 9.7679,
      location_accuracy_m: 18,
      location_on_certificate: true,
    });
  });
});
