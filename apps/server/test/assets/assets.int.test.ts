// Assets through the real server and supabase-js: upload → quote → register (charged exactly the
// quoted price, once) → list → public → anonymous gallery → serial check → stolen → certificate,
// checkpoints, the contact relay and deletion, plus the refusals.
import crypto from 'node:crypto';
import * as jose from 'jose';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_SUBJECT_PREFIX } from '../../src/assets/certificate.js';
import { startMailSink, type MailSink } from '@tagledger/test-kit/mail-sink';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';
import { JPEG, PDF, mp4WithDuration } from './fixtures.js';
import { postFunction } from '../helpers/functions.js';

interface Quote {
  total: number;
  lines: { item: string; amount: number; seconds?: number | null }[];
}

describe.each(drivers)('assets end to end on %s', (driver) => {
  let server: TestServer;
  let sink: MailSink;
  let alice: TestUser;
  let bob: TestUser;

  async function balance(user: TestUser): Promise<number> {
    const { data, error } = await user.client.from('user_wallets').select('balance').eq('user_id', user.id).single();
    if (error) throw error;
    return Number(data.balance);
  }

  async function upload(user: TestUser, bytes: Buffer, type: string, ext: string): Promise<string> {
    const name = `${user.id}/pending/${crypto.randomUUID()}.${ext}`;
    const { error } = await user.client.storage.from('asset-media').upload(name, bytes, { contentType: type });
    if (error) throw error;
    return name;
  }

  async function call(name: string, body: unknown, token?: string) {
    const res = await postFunction(server, name, body, token);
    const type = res.headers.get('content-type') ?? '';
    const payload = type.includes('application/json')
      ? ((await res.json()) as Record<string, unknown>)
      : await res.arrayBuffer();
    return { status: res.status, type, json: payload as Record<string, unknown>, bytes: payload as ArrayBuffer };
  }

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ driver, env: { SMTP_URL: sink.smtpUrl } });
    alice = await createTestUser(server, { email: `alice-assets-${driver}@example.test` });
    bob = await createTestUser(server, { email: `bob-assets-${driver}@example.test` });
    await server.ctx.db.query(`select private.ledger_post($1, 500, 'admin_adjustment', 'test credit')`, [alice.id]);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  let assetId = '';
  let photo = '';
  let pdf = '';
  const serial = `BIKE-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

  it('registers an uploaded photo and PDF, charging exactly the quoted price once', async () => {
    photo = await upload(alice, JPEG, 'image/jpeg', 'jpg');
    pdf = await upload(alice, PDF, 'application/pdf', 'pdf');
    const { data: quote, error } = await alice.client.rpc('quote_asset_cost', {
      p_photos: 1,
      p_documents: 1,
      p_video_seconds: [],
    });
    expect(error).toBeNull();
    const before = await balance(alice);
    const submissionId = crypto.randomUUID();
    const body = {
      submissionId,
      asset: {
        kind: 'general',
        title: 'Road bike',
        serial_number: serial,
        make: 'Trek',
        estimated_value: '1200',
        location: 'Leeds',
      },
      media: [photo, pdf],
      expectedCost: (quote as Quote).total,
    };
    const first = await call('register-asset', body, alice.token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ cost: (quote as Quote).total, replayed: false });
    assetId = String(first.json.asset_id);
    expect(await balance(alice)).toBe(before - (quote as Quote).total);

    const retry = await call('register-asset', body, alice.token);
    expect(retry.json).toMatchObject({ asset_id: assetId, replayed: true });
    expect(await balance(alice)).toBe(before - (quote as Quote).total);

    // Concurrent duplicates of a new submission: one asset, one charge.
    const twin = { submissionId: crypto.randomUUID(), asset: { title: 'Helmet' }, media: [] as string[] };
    const both = await Promise.all([
      call('register-asset', twin, alice.token),
      call('register-asset', twin, alice.token),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(both.map((r) => r.json.asset_id)).size).toBe(1);
    expect(both.map((r) => r.json.replayed).sort()).toEqual([false, true]);
    const { rows: charges } = await server.ctx.db.query(
      'select 1 from public.token_transactions where idempotency_key = $1',
      [`tag_asset:${twin.submissionId}`],
    );
    expect(charges.length).toBe(1);

    // Uploads abandoned for over a day are cleaned up when the user next registers; fresh ones stay.
    const abandoned = await upload(alice, JPEG, 'image/jpeg', 'jpg');
    const fresh = await upload(alice, JPEG, 'image/jpeg', 'jpg');
    await server.ctx.db.query(`update storage.objects set created_at = now() - interval '2 days' where name = $1`, [
      abandoned,
    ]);
    const another = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { title: 'Spare wheel' }, media: [] },
      alice.token,
    );
    expect(another.status).toBe(200);
    const { rows: left } = await server.ctx.db.query<{ name: string }>(
      'select name from storage.objects where name = any($1)',
      [[abandoned, fresh, photo]],
    );
    expect(left.map((r) => r.name).sort()).toEqual([fresh, photo].sort());

    const { data: media } = await alice.client
      .from('asset_media')
      .select('sha256, kind')
      .eq('asset_id', assetId)
      .order('position');
    expect(media).toEqual([
      { sha256: crypto.createHash('sha256').update(JPEG).digest('hex'), kind: 'photo' },
      { sha256: crypto.createHash('sha256').update(PDF).digest('hex'), kind: 'document' },
    ]);
  });

  it('lists the asset for its owner and nobody else', async () => {
    const { data } = await alice.client.rpc('search_my_assets', { p_query: 'road' });
    expect((data as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([assetId]);
    const bobSees = await bob.client.from('assets').select('id').eq('id', assetId);
    expect(bobSees.data).toEqual([]);
    const bobUrl = await bob.client.storage.from('asset-media').createSignedUrl(photo, 60);
    expect(bobUrl.error).not.toBeNull();
    const anonUrl = await server.anonClient().storage.from('asset-media').createSignedUrl(photo, 60);
    expect(anonUrl.error).not.toBeNull();
    const own = await alice.client.storage.from('asset-media').createSignedUrl(photo, 60);
    expect(own.error).toBeNull();
    const res = await fetch(
      own.data!.signedUrl.startsWith('http') ? own.data!.signedUrl : `${server.url}${own.data!.signedUrl}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('refuses edits by others, and price or balance tricks', async () => {
    const hijack = await bob.client.from('assets').update({ title: 'mine' }).eq('id', assetId).select('id');
    expect(hijack.data ?? []).toEqual([]);
    const del = await bob.client.from('assets').delete().eq('id', assetId).select('id');
    expect(del.error ?? { rows: del.data?.length }).not.toEqual({ rows: 1 });
    expect((await call('delete-asset', { assetId }, bob.token)).status).toBe(404);
    const insert = await alice.client
      .from('assets')
      .insert({ owner_id: alice.id, submission_id: crypto.randomUUID(), kind: 'general', title: 'free' });
    expect(insert.error).not.toBeNull();

    const p = await upload(alice, JPEG, 'image/jpeg', 'jpg');
    const wrongPrice = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { title: 'Cheap' }, media: [p], expectedCost: 1 },
      alice.token,
    );
    expect(wrongPrice.status).toBe(409);
    expect(wrongPrice.json.code).toBe('price_changed');

    const bobsPhoto = await upload(bob, JPEG, 'image/jpeg', 'jpg');
    const stolen = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { title: 'Not mine' }, media: [bobsPhoto] },
      alice.token,
    );
    expect(stolen.status).toBe(403);

    const bobBefore = await balance(bob);
    const many = await Promise.all([1, 2, 3].map(() => upload(bob, JPEG, 'image/jpeg', 'jpg')));
    const { data: q } = await bob.client.rpc('quote_asset_cost', { p_photos: 3, p_documents: 0, p_video_seconds: [] });
    expect((q as Quote).total).toBeGreaterThan(bobBefore);
    const poor = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { title: 'Too much' }, media: many },
      bob.token,
    );
    expect(poor.status).toBe(402);
    expect(poor.json).toMatchObject({ code: 'insufficient_tokens', wallet: '/wallet' });
    expect(await balance(bob)).toBe(bobBefore);

    const noAuth = await call('register-asset', {
      submissionId: crypto.randomUUID(),
      asset: { title: 'x' },
      media: [],
    });
    expect(noAuth.status).toBe(401);
    const bad = await call('register-asset', { submissionId: 'nope', asset: {}, media: [] }, alice.token);
    expect(bad.status).toBe(400);
  });

  it('prices a video by the length the server reads from the file', async () => {
    const video = await upload(alice, mp4WithDuration(90), 'video/mp4', 'mp4');
    const quote = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { title: 'Clip' }, media: [video], quoteOnly: true },
      alice.token,
    );
    expect(quote.status).toBe(200);
    const lines = (quote.json.quote as Quote).lines.filter((l) => l.item === 'video');
    expect(lines).toEqual([expect.objectContaining({ seconds: 90, amount: 110 })]);
    // The browser's estimate: lengths it could read, null for those it could not (priced at the top tier).
    const { data, error } = await alice.client.rpc('quote_asset_cost', {
      p_photos: 0,
      p_documents: 0,
      p_video_seconds: [30, null],
    });
    expect(error).toBeNull();
    expect((data as Quote).lines.filter((l) => l.item === 'video').map((l) => l.amount)).toEqual([60, 110]);
  });

  it('shows a public asset to anonymous visitors with only what is shared', async () => {
    const { error } = await alice.client.from('assets').update({ privacy: 'public' }).eq('id', assetId);
    expect(error).toBeNull();
    const anon = server.anonClient();
    const { data } = await anon.rpc('search_public_assets', { p_query: 'road bike' });
    const items = (data as { items: Record<string, unknown>[] }).items;
    expect(items.map((i) => i.id)).toContain(assetId);
    const item = items.find((i) => i.id === assetId)!;
    expect(item).toMatchObject({ title: 'Road bike', estimated_value: null, location: null });
    expect(JSON.stringify(item)).not.toContain(alice.email);
    expect(JSON.stringify(item)).not.toContain(alice.id);
    // Files of public assets come by media id through public-asset-media; storage itself stays closed.
    expect((await anon.storage.from('asset-media').createSignedUrl(photo, 60)).error).not.toBeNull();
    const listed = await anon.storage.from('asset-media').list('');
    expect(listed.data ?? []).toEqual([]);
    const media = item.media as { id: string; kind: string }[];
    const urls = await call('public-asset-media', { assetIds: [assetId] });
    expect(Object.keys(urls.json.urls as object).sort()).toEqual(media.map((m) => m.id).sort());
    const first = await fetch((urls.json.urls as Record<string, string>)[media[0]!.id]!);
    expect(Buffer.from(await first.arrayBuffer()).equals(JPEG)).toBe(true);
    const priv = await call('public-asset-media', { assetIds: [crypto.randomUUID()] });
    expect(priv.json.urls).toEqual({});
  });

  it('answers the serial check anonymously, and shows a stolen report', async () => {
    const anon = server.anonClient();
    const first = await anon.rpc('verify_serial', { p_serial: serial.toLowerCase() });
    expect(first.data).toMatchObject({
      registered: true,
      matches: [{ asset_id: assetId, status: 'active', title: 'Road bike' }],
    });
    await alice.client.from('assets').update({ status: 'stolen' }).eq('id', assetId);
    const second = await anon.rpc('verify_serial', { p_serial: serial });
    const match = (second.data as { matches: Record<string, unknown>[] }).matches[0]!;
    expect(match).toMatchObject({
      status: 'stolen',
      proof: { event: 'stolen', entry_valid: true, record_matches: true },
    });
    expect(JSON.stringify(second.data)).not.toContain(alice.email);
    const none = await anon.rpc('verify_serial', { p_serial: 'NOT-REGISTERED-1' });
    expect(none.data).toMatchObject({ registered: false, matches: [] });
  });

  it('issues a certificate whose proof verifies against the signed checkpoint', async () => {
    const res = await call('asset-certificate', { assetId }, alice.token);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/pdf');
    const bytes = new Uint8Array(res.bytes);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    const subject = doc.getSubject() ?? '';
    expect(subject.startsWith(CERTIFICATE_SUBJECT_PREFIX)).toBe(true);
    const proof = JSON.parse(subject.slice(CERTIFICATE_SUBJECT_PREFIX.length)) as {
      seq: number;
      event: string;
      record_hash: string;
      prev_hash: string;
      entry_hash: string;
      created_at: string;
      checkpoint: { seq: number; entry_hash: string; signature: string } | null;
    };
    expect(proof.entry_hash).toBe(
      crypto
        .createHash('sha256')
        .update(`${proof.prev_hash}|${proof.record_hash}|${proof.seq}|${proof.event}|${proof.created_at}`)
        .digest('hex'),
    );
    expect(proof.checkpoint).not.toBeNull();
    expect(proof.checkpoint!.seq).toBeGreaterThanOrEqual(proof.seq);

    // Public: the checkpoints, the key, and the hash-only chain from the entry to the checkpoint.
    const pub = await call('ledger-checkpoints', { fromSeq: proof.seq });
    expect(pub.status).toBe(200);
    const keys = jose.createLocalJWKSet(pub.json.keys as jose.JSONWebKeySet);
    const { payload } = await jose.jwtVerify(proof.checkpoint!.signature, keys);
    expect(payload).toMatchObject({ seq: proof.checkpoint!.seq, entry_hash: proof.checkpoint!.entry_hash });
    const chain = pub.json.entries as {
      seq: number;
      prev_hash: string;
      entry_hash: string;
      record_hash: string;
      event: string;
      created_at: string;
    }[];
    expect(chain[0]!.entry_hash).toBe(proof.entry_hash);
    let prev = proof.entry_hash;
    for (const e of chain.slice(1).filter((x) => x.seq <= proof.checkpoint!.seq)) {
      expect(e.prev_hash).toBe(prev);
      prev = crypto
        .createHash('sha256')
        .update(`${e.prev_hash}|${e.record_hash}|${e.seq}|${e.event}|${e.created_at}`)
        .digest('hex');
      expect(e.entry_hash).toBe(prev);
    }
    expect(prev).toBe(proof.checkpoint!.entry_hash);

    expect((await call('asset-certificate', { assetId }, bob.token)).status).toBe(404);
  });

  it('relays a finder message without revealing the sender, and the owner reply', async () => {
    // A finder's message reaches the owner even with every optional mail switched off (see contact-owner.ts).
    await server.ctx.db.query(
      'update public.user_settings set email_notifications = false, news_notifications = false, security_alerts = false where user_id = $1',
      [alice.id],
    );
    const sent = await call('contact-owner', {
      action: 'send',
      assetId,
      senderEmail: 'finder@example.test',
      senderName: 'Finn',
      message: 'I found your bike',
    });
    expect(sent.status).toBe(200);
    // Relayed only once the finder confirms their address (test/security/contact-owner-relay.int.test.ts).
    const confirmation = await sink.nextMail('finder@example.test');
    const token = new URL(confirmation.links[0]!).searchParams.get('token');
    expect((await call('contact-owner', { action: 'confirm', token })).json).toEqual({ status: 'sent' });
    const mail = await sink.nextMail(alice.email);
    expect(mail.text).toContain('I found your bike');
    expect(mail.text).not.toContain('finder@example.test');
    const { data: msgs } = await alice.client
      .from('asset_messages')
      .select('id, message, sender_name')
      .eq('asset_id', assetId);
    expect(msgs).toEqual([expect.objectContaining({ message: 'I found your bike', sender_name: 'Finn' })]);
    const hidden = await alice.client.from('asset_messages').select('sender_email');
    expect(hidden.error).not.toBeNull();
    const replied = await call(
      'contact-owner',
      { action: 'reply', messageId: msgs![0]!.id, reply: 'Thank you!' },
      alice.token,
    );
    expect(replied.status).toBe(200);
    const back = await sink.nextMail('finder@example.test');
    expect(back.text).toContain('Thank you!');
    const notOwner = await call('contact-owner', { action: 'reply', messageId: msgs![0]!.id, reply: 'x' }, bob.token);
    expect(notOwner.status).toBe(404);
    const invalid = await call('contact-owner', {
      action: 'send',
      assetId,
      senderEmail: 'not-an-email',
      message: 'hi',
    });
    expect(invalid.status).toBe(400);
  });

  it('deletes the asset with its files and records the deletion', async () => {
    const res = await call('delete-asset', { assetId }, alice.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ deleted: true, filesRemoved: 2 });
    const { rows } = await server.ctx.db.query('select name from storage.objects where name = any($1)', [[photo, pdf]]);
    expect(rows).toEqual([]);
    const { rows: entries } = await server.ctx.db.query<{ event: string }>(
      'select event from public.asset_ledger where asset_id = $1 order by seq',
      [assetId],
    );
    expect(entries.map((e) => e.event)).toEqual(['register', 'privacy', 'stolen', 'delete']);
    const { data } = await server.anonClient().rpc('verify_asset_ledger', {});
    expect(data).toMatchObject({ ok: true });
  });

  it('lists business inventory through the data API with a count and pages', async () => {
    const shop = await createTestUser(server, { isBusiness: true });
    await server.ctx.db.query(`select private.ledger_post($1, 500, 'admin_adjustment', 'test credit')`, [shop.id]);
    for (const [title, sku] of [
      ['Lamp', 'L-1'],
      ['Desk', 'D-1'],
      ['Chair', 'C-1'],
    ]) {
      const r = await call(
        'register-asset',
        { submissionId: crypto.randomUUID(), asset: { kind: 'business', title, sku, quantity: 5 }, media: [] },
        shop.token,
      );
      expect(r.status).toBe(200);
    }
    await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { kind: 'general', title: 'Own car' }, media: [] },
      shop.token,
    );
    const { data, count, error } = await shop.client
      .from('assets')
      .select('id, title, sku, quantity', { count: 'exact' })
      .eq('kind', 'business')
      .order('created_at', { ascending: false })
      .range(0, 1);
    expect(error).toBeNull();
    expect(count).toBe(3);
    expect(data!.map((r) => r.title)).toEqual(['Chair', 'Desk']);
    const stats = await shop.client.rpc('my_business_inventory_stats');
    expect(stats.data).toMatchObject({ products: 3, units: 15 });
  });

  it('adds a later receipt to an asset for the quoted price difference', async () => {
    const carol = await createTestUser(server);
    await server.ctx.db.query(`select private.ledger_post($1, 500, 'admin_adjustment', 'test credit')`, [carol.id]);
    const first = await upload(carol, JPEG, 'image/jpeg', 'jpg');
    const reg = await call(
      'register-asset',
      { submissionId: crypto.randomUUID(), asset: { title: 'Laptop' }, media: [first] },
      carol.token,
    );
    const id = String(reg.json.asset_id);
    const receipt = await upload(carol, PDF, 'application/pdf', 'pdf');
    const body = { assetId: id, submissionId: crypto.randomUUID(), media: [receipt] };
    const quote = await call('add-asset-media', { ...body, quoteOnly: true }, carol.token);
    expect(quote.json.quote).toEqual({ total: 25 });
    const before = await balance(carol);
    expect((await call('add-asset-media', body, bob.token)).status).toBe(404);
    const added = await call('add-asset-media', { ...body, expectedCost: 25 }, carol.token);
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ cost: 25, added: 1 });
    expect((await call('add-asset-media', body, carol.token)).json).toMatchObject({ replayed: true });
    expect(await balance(carol)).toBe(before - 25);
    const { data } = await carol.client.from('asset_media').select('kind').eq('asset_id', id).order('position');
    expect(data).toEqual([{ kind: 'photo' }, { kind: 'document' }]);
  });

  it('refuses to sign a checkpoint over a tampered chain', async () => {
    const { ensureCheckpoint, LedgerIntegrityError } = await import('../../src/assets/checkpoints.js');
    // An edit through the data API appends an entry that no checkpoint covers yet.
    const edited = await alice.client
      .from('assets')
      .update({ description: 'new bell' })
      .eq('title', 'Spare wheel')
      .select('id');
    expect(edited.data).toHaveLength(1);
    await server.ctx.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(
        `update public.asset_ledger set record_hash = $1 where seq = (select max(seq) from public.asset_ledger)`,
        ['e'.repeat(64)],
      );
    });
    const { rows } = await server.ctx.db.query<{ seq: number }>('select max(seq)::int as seq from public.asset_ledger');
    await expect(ensureCheckpoint(server.ctx, { minSeq: rows[0]!.seq })).rejects.toBeInstanceOf(LedgerIntegrityError);
    const { rows: signed } = await server.ctx.db.query('select 1 from public.ledger_checkpoints where seq = $1', [
      rows[0]!.seq,
    ]);
    expect(signed).toEqual([]);
  });
});
