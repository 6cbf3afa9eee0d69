// What heirs receive, through the real server on both drivers (issue 28, item 2): after a release,
// the heir an asset was left to gets its details, history and proof with URLs of its photo and
// document (legacy-asset), its certificate in the heir's own language (asset-certificate), and
// everything as one zip (legacy-archive). The deny cases: another next of kin of the same owner,
// a stranger, the owner, anonymous callers get none of it; a URL stops working as soon as the
// asset is no longer released to its heir; object names never reach the heir; and the archive
// keeps its size bound.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { certificateMessagesEn as en, certificateMessagesFr as fr } from '../../src/assets/certificate-messages.js';
import { LEGACY_ARCHIVE_MAX_BYTES, LEGACY_ARCHIVE_RATE_LIMIT } from '../../src/functions/legacy-archive.js';
import { JPEG, PDF } from '../assets/fixtures.js';
import { readPdfText } from '../helpers/pdf-read.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { postFunction } from '../helpers/functions.js';

interface Answer {
  status: number;
  type: string;
  json: Record<string, unknown>;
  bytes: Buffer;
}

/** The zip's entries by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

describe.each(drivers)('what heirs receive on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({
      driver,
      env: { JOBS_POLL_SECONDS: '0.5', SMTP_URL: sink.smtpUrl },
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  async function call(name: string, body: unknown, token?: string): Promise<Answer> {
    const res = await postFunction(server, name, body, token);
    const type = res.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = type.includes('application/json')
      ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>)
      : {};
    return { status: res.status, type, json, bytes };
  }

  async function register(owner: TestUser, title: string, files: Array<[Buffer, string, string]>): Promise<string> {
    const names: string[] = [];
    for (const [bytes, type, ext] of files) {
      const name = `${owner.id}/pending/${crypto.randomUUID()}.${ext}`;
      const { error } = await owner.client.storage.from('asset-media').upload(name, bytes, { contentType: type });
      if (error) throw error;
      names.push(name);
    }
    const res = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { kind: 'general', title }, media: names },
      owner.token,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.asset_id as string;
  }

  /** Names kin for owner with the given single assets; the person accepts with the link mailed to them. */
  async function nameKin(owner: TestUser, kin: TestUser, access: 'view' | 'inherit', assets: string[]) {
    const row = await owner.client
      .from('next_of_kin')
      .insert({
        full_name: kin.email.split('@')[0],
        relationship: 'Child',
        email: kin.email,
        access_level: access,
        receives_assets: assets,
        message: 'For you',
      })
      .select('id')
      .single();
    expect(row.error).toBeNull();
    const id = row.data!.id as string;
    expect((await owner.client.rpc('legacy_invite', { p_next_of_kin: id })).error).toBeNull();
    const invite = await sink.nextMail(kin.email);
    const token = new URL(invite.links.find((l) => l.includes('/nok/accept'))!).searchParams.get('token')!;
    expect((await kin.client.rpc('legacy_answer_invite', { p_token: token, p_accept: true })).error).toBeNull();
    return id;
  }

  /**
   * An owner with a pocket watch (photo and document) left to a French-speaking heir, and a bike
   * (photo) left to another next of kin; released as the countdown's end releases.
   */
  async function family() {
    const owner = await createTestUser(server);
    const heir = await createTestUser(server, { metadata: { language: 'fr' } });
    const otherKin = await createTestUser(server);
    const stranger = await createTestUser(server);
    await server.ctx.db.query(`select private.ledger_post($1, 5000, 'admin_adjustment', 'test credit')`, [owner.id]);
    const watch = await register(owner, 'Pocket watch', [
      [JPEG, 'image/jpeg', 'jpg'],
      [PDF, 'application/pdf', 'pdf'],
    ]);
    const bike = await register(owner, 'Bike', [[JPEG, 'image/jpeg', 'jpg']]);
    const heirKin = await nameKin(owner, heir, 'view', [watch]);
    const otherKinId = await nameKin(owner, otherKin, 'inherit', [bike]);
    const set = await owner.client.rpc('legacy_set_switch', {
      p_enabled: true,
      p_period_months: 3,
      p_grace_days: 14,
      p_waiting_days: 7,
      p_paused_until: null,
    });
    expect(set.error).toBeNull();
    const release = async () => {
      await server.ctx.db.query(`select private.legacy_release($1, 'inactivity')`, [owner.id]);
    };
    return { owner, heir, otherKin, stranger, watch, bike, heirKin, otherKinId, release };
  }

  it('gives the heir the asset with its photo and document, its history and proof, after the release only', async () => {
    const { owner, heir, watch, release } = await family();
    const before = await call('legacy-asset', { assetId: watch }, heir.token);
    expect(before.status).toBe(404);
    await release();

    const res = await call('legacy-asset', { assetId: watch }, heir.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const asset = res.json.asset as {
      title: string;
      media: Array<{ id: string; kind: string; sha256: string }>;
      history: Array<{ event: string; seq: number }>;
      proof: { seq: number; entry_valid: boolean; record_matches: boolean; checkpoint: unknown };
    };
    expect(asset.title).toBe('Pocket watch');
    expect(asset.media.map((m) => m.kind)).toEqual(['photo', 'document']);
    expect(asset.history.map((e) => e.event)).toEqual(['register']);
    expect(asset.proof).toMatchObject({ seq: asset.history[0]!.seq, entry_valid: true, record_matches: true });
    expect(asset.proof.checkpoint).not.toBeNull();

    const urls = res.json.urls as Record<string, string>;
    expect(Object.keys(urls).sort()).toEqual(asset.media.map((m) => m.id).sort());
    for (const [m, bytes, type] of [
      [asset.media[0]!, JPEG, 'image/jpeg'],
      [asset.media[1]!, PDF, 'application/pdf'],
    ] as const) {
      // A URL by media id: it names neither the owner nor the stored object.
      expect(urls[m.id]).toContain(`/storage/v1/media/${m.id}?token=`);
      expect(urls[m.id]).not.toContain(owner.id);
      const file = await fetch(urls[m.id]!);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Photos take the thumbnail sizes the page asks for.
    const thumbnail = await fetch(`${urls[asset.media[0]!.id]}&width=64&height=64&resize=cover`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
  });

  it('gives nobody else the asset, its files or a URL for them', async () => {
    const { owner, heir, otherKin, stranger, watch, bike, heirKin, release } = await family();
    await release();
    for (const [who, token] of [
      ['the other next of kin', otherKin.token],
      ['a stranger', stranger.token],
      ['the owner', owner.token],
    ] as const) {
      const res = await call('legacy-asset', { assetId: watch }, token);
      expect(res.status, who).toBe(404);
      expect(res.json, who).toMatchObject({ code: 'not_found' });
    }
    // Assets left to someone else, or to nobody, are missing for the heir too.
    expect((await call('legacy-asset', { assetId: bike }, heir.token)).status).toBe(404);
    expect((await call('legacy-asset', { assetId: crypto.randomUUID() }, heir.token)).status).toBe(404);
    expect((await call('legacy-asset', { assetId: watch })).status).toBe(401);
    expect((await call('legacy-asset', { assetId: 'watch' }, heir.token)).json).toMatchObject({ code: 'invalid' });

    // The heir cannot reach the stored objects through the storage API either.
    const { rows } = await server.ctx.db.query<{ object_name: string }>(
      'select object_name from public.asset_media where asset_id = $1 order by position',
      [watch],
    );
    const signed = await heir.client.storage.from('asset-media').createSignedUrl(rows[0]!.object_name, 60);
    expect(signed.data).toBeNull();
    const download = await heir.client.storage.from('asset-media').download(rows[0]!.object_name);
    expect(download.data).toBeNull();

    // A URL names one file: its token opens no other.
    const res = await call('legacy-asset', { assetId: watch }, heir.token);
    const media = (res.json.asset as { media: Array<{ id: string }> }).media;
    const urls = res.json.urls as Record<string, string>;
    const token = new URL(urls[media[0]!.id]!).searchParams.get('token')!;
    const other = await fetch(`${server.url}/storage/v1/media/${media[1]!.id}?token=${token}`);
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.status).toBeLessThan(500);

    // The owner (back, or an executor) takes the watch off the heir's list: its URLs close at once.
    const off = await owner.client.from('next_of_kin').update({ receives_assets: [] }).eq('id', heirKin);
    expect(off.error).toBeNull();
    const closed = await fetch(urls[media[0]!.id]!);
    expect(closed.status).toBe(400);
    expect(await closed.json()).toMatchObject({ error: 'not_found' });
  });

  it('gives the heir the certificate in their own language, and nobody else', async () => {
    const { owner, heir, otherKin, stranger, watch, release } = await family();
    expect((await call('asset-certificate', { assetId: watch }, heir.token)).status).toBe(404);
    await release();
    const pdf = await call('asset-certificate', { assetId: watch }, heir.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const pages = await readPdfText(new Uint8Array(pdf.bytes));
    expect(pages[0]!.text).toContain(fr.title);
    expect(pages[0]!.text).toContain('Pocket watch');
    // The owner's stays in the owner's language.
    const own = await readPdfText(
      new Uint8Array((await call('asset-certificate', { assetId: watch }, owner.token)).bytes),
    );
    expect(own[0]!.text).toContain(en.title);
    for (const token of [otherKin.token, stranger.token]) {
      expect(await call('asset-certificate', { assetId: watch }, token)).toMatchObject({
        status: 404,
        json: { code: 'not_found' },
      });
    }
    expect((await call('asset-certificate', { assetId: watch })).status).toBe(401);
  });

  it('lets the heir download everything as one zip: files, certificate, history and proof', async () => {
    const { heir, otherKin, stranger, watch, heirKin, otherKinId, release } = await family();
    expect((await call('legacy-archive', { nextOfKinId: heirKin }, heir.token)).status).toBe(404);
    await release();
    const res = await call('legacy-archive', { nextOfKinId: heirKin }, heir.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.type).toBe('application/zip');
    const entries = await unzip(res.bytes);
    expect([...entries.keys()].sort()).toEqual(
      [
        'legacy.json',
        '01-pocket-watch/asset.json',
        '01-pocket-watch/history.json',
        '01-pocket-watch/proof.json',
        '01-pocket-watch/certificate.pdf',
        '01-pocket-watch/files/01-photo.jpg',
        '01-pocket-watch/files/02-document.pdf',
      ].sort(),
    );
    expect(entries.get('01-pocket-watch/files/01-photo.jpg')!.equals(JPEG)).toBe(true);
    expect(entries.get('01-pocket-watch/files/02-document.pdf')!.equals(PDF)).toBe(true);
    const legacy = JSON.parse(entries.get('legacy.json')!.toString('utf8'));
    expect(legacy).toMatchObject({ message: 'For you', access_level: 'view', assets: [{ id: watch }] });
    const details = JSON.parse(entries.get('01-pocket-watch/asset.json')!.toString('utf8'));
    expect(details.title).toBe('Pocket watch');
    expect(details.files.map((f: { file: string }) => f.file)).toEqual(['files/01-photo.jpg', 'files/02-document.pdf']);
    const history = JSON.parse(entries.get('01-pocket-watch/history.json')!.toString('utf8'));
    expect(history.map((e: { event: string }) => e.event)).toEqual(['register']);
    const proof = JSON.parse(entries.get('01-pocket-watch/proof.json')!.toString('utf8'));
    expect(proof).toMatchObject({ entry_valid: true, record_matches: true, record: { id: watch } });
    expect(proof.how_to_check.keys.keys.length).toBeGreaterThan(0);
    const certificate = await readPdfText(new Uint8Array(entries.get('01-pocket-watch/certificate.pdf')!));
    expect(certificate[0]!.text).toContain(fr.title);
    // Nothing in the archive names a stored object.
    const { rows } = await server.ctx.db.query<{ object_name: string }>(
      'select object_name from public.asset_media where asset_id = $1',
      [watch],
    );
    for (const [, bytes] of entries) expect(bytes.includes(rows[0]!.object_name)).toBe(false);

    // One asset alone.
    const one = await unzip((await call('legacy-archive', { nextOfKinId: heirKin, assetId: watch }, heir.token)).bytes);
    expect(one.has('01-pocket-watch/certificate.pdf')).toBe(true);

    // Nobody else's archive: not the other next of kin's (nor theirs for the heir), not a stranger's.
    for (const [token, body] of [
      [otherKin.token, { nextOfKinId: heirKin }],
      [stranger.token, { nextOfKinId: heirKin }],
      [heir.token, { nextOfKinId: otherKinId }],
      [otherKin.token, { nextOfKinId: otherKinId, assetId: watch }],
    ] as const) {
      expect(await call('legacy-archive', body, token)).toMatchObject({ status: 404, json: { code: 'not_found' } });
    }
    expect((await call('legacy-archive', { nextOfKinId: heirKin })).status).toBe(401);
    expect((await call('legacy-archive', { nextOfKinId: 'x' }, heir.token)).json).toMatchObject({ code: 'invalid' });
    const bikes = await unzip((await call('legacy-archive', { nextOfKinId: otherKinId }, otherKin.token)).bytes);
    expect([...bikes.keys()].filter((n) => n.endsWith('.jpg'))).toEqual(['01-bike/files/01-photo.jpg']);
  });

  it('refuses an archive beyond its size bound before sending anything, and cuts off a file that is not what its row says', async () => {
    const { owner, heir, watch, heirKin, release } = await family();
    await release();
    // A file row as large as the whole bound (no bytes are read: the refusal comes first).
    await server.ctx.db.query(
      `insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256, position)
       values ($1, $2, $3, 'video', 'video/mp4', $4, $5, 9)`,
      [watch, owner.id, `${owner.id}/pending/${crypto.randomUUID()}.mp4`, LEGACY_ARCHIVE_MAX_BYTES, 'b'.repeat(64)],
    );
    const refused = await call('legacy-archive', { nextOfKinId: heirKin }, heir.token);
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ code: 'archive_too_large', limitBytes: LEGACY_ARCHIVE_MAX_BYTES });
    await server.ctx.db.query(`delete from public.asset_media where asset_id = $1 and position = 9`, [watch]);

    // A stored file longer than its row records: the download stops instead of finishing wrong.
    await server.ctx.db.query(`update public.asset_media set size_bytes = size_bytes - 1 where asset_id = $1`, [watch]);
    const cut = await fetch(`${server.url}/functions/v1/legacy-archive`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.anonKey, Authorization: `Bearer ${heir.token}` },
      body: JSON.stringify({ nextOfKinId: heirKin }),
    });
    expect(cut.status).toBe(200);
    await expect(cut.arrayBuffer().then((b) => unzip(Buffer.from(b)))).rejects.toThrow();
  });

  it('limits how many archives one heir asks for in an hour', async () => {
    const { heir, heirKin, release } = await family();
    await release();
    // The heir has used the hour's budget (the counter the server keeps in the database) — this
    // window's and the next, should the hour turn between here and the call.
    const { limit, windowSeconds } = LEGACY_ARCHIVE_RATE_LIMIT;
    await server.ctx.db.query(
      `insert into private.rate_limits (key, window_start, hits)
       select $1, to_timestamp((floor(extract(epoch from now()) / $2) + n) * $2), $3 from generate_series(0, 1) n`,
      [`legacy-archive:user:${heir.id}`, windowSeconds, limit],
    );
    const refused = await call('legacy-archive', { nextOfKinId: heirKin }, heir.token);
    expect(refused).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
  });
});
