// The transparency log through the real server (issue 31): heads signed by the job queue as C2SP
// checkpoints, published with CORS and cache headers; inclusion and consistency proofs that verify
// with @tagledger/verify alone; tlog-tiles; a witness (the `npm run witness` code) that cosigns
// consistent heads and whose cosignatures the server serves; refusals in the API's shape; and the
// alert (log line + metric) when the stored tree no longer extends the last signed head.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleFromPdf,
  entryLeafHash,
  readBundle,
  fromBase64,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyConsistency,
  verifyCosignature,
  verifyInclusion,
  verifyBundle,
  verifyNoteSignature,
  type LogEntry,
  type TrustedKeys,
} from '@tagledger/verify';
import {
  cosign,
  generateSignerKey,
  parseSignerKey,
  runWitnessOnce,
  WitnessRefusal,
  type NoteSigner,
} from '@tagledger/verify/node';
import { witnessMain } from '@tagledger/verify/witness-cli';
import { cliMain } from '@tagledger/verify/cli';
import { startLocalTsa, type LocalTsa } from '@tagledger/test-kit/tsa';
import {
  certificateLog,
  latestHead,
  LogIntegrityError,
  SIGN_HEAD_JOB,
  signHead,
} from '../../src/assets/transparency-log.js';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const METRICS = 'metrics-token-for-log-tests-0123456789';

async function registerDirect(server: TestServer, owner: string, title: string): Promise<void> {
  await server.ctx.db.query(`select private.register_asset($1, $2, $3, '[]')`, [
    owner,
    crypto.randomUUID(),
    JSON.stringify({ title }),
  ]);
}

describe.each(drivers)('transparency log over HTTP on %s', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let witness: NoteSigner;
  let stranger: NoteSigner;
  let stateDir: string;
  let tsa: LocalTsa;
  const log = (p: string, init?: RequestInit) => fetch(`${server.url}/log/v1${p}`, init);
  const unstampHead = (size: number) =>
    server.ctx.db.query('update private.log_heads set timestamp_token = null, timestamped_at = null where size = $1', [
      size,
    ]);

  beforeAll(async () => {
    witness = await parseSignerKey(await generateSignerKey('witness.example/one', 0x04));
    stranger = await parseSignerKey(await generateSignerKey('stranger.example/w', 0x04));
    tsa = await startLocalTsa();
    server = await startTestServer({
      driver,
      env: {
        WITNESS_KEYS: witness.verifierKey,
        METRICS_TOKEN: METRICS,
        LOG_ORIGIN: 'tagledger.test/asset-ledger',
        TSA_URL: tsa.url,
        TSA_CERT_FILE: tsa.caCertFile,
      },
    });
    alice = await createTestUser(server);
    await server.ctx.db.query(`select private.ledger_post($1, 5000, 'admin_adjustment', 'test credit')`, [alice.id]);
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-witness-'));
  });
  afterAll(async () => {
    await server?.close();
    await tsa?.close();
  });

  async function keys(): Promise<TrustedKeys> {
    return (await (await log('/keys')).json()) as TrustedKeys;
  }

  it('has no checkpoint before the first head, then the job queue signs one in the C2SP format', async () => {
    const empty = await log('/checkpoint');
    expect(empty.status).toBe(404);
    expect(await empty.json()).toMatchObject({ code: 'empty_log' });

    for (let i = 1; i <= 5; i++) await registerDirect(server, alice.id, `asset ${i}`);
    await server.ctx.jobs.send(SIGN_HEAD_JOB, {});
    let res = await log('/checkpoint');
    for (let i = 0; i < 100 && res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      res = await log('/checkpoint');
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const text = await res.text();
    const [origin, size, root, blank] = text.split('\n');
    expect(origin).toBe('tagledger.test/asset-ledger');
    expect(size).toBe('5');
    expect(fromBase64(root!)).toHaveLength(32);
    expect(blank).toBe('');

    const k = await keys();
    expect(k).toMatchObject({ format: 'tagledger-log-keys/v1', origin: 'tagledger.test/asset-ledger', quorum: 1 });
    expect(k.witnesses).toEqual([witness.verifierKey]);
    const logKey = await parseVerifierKey(k.log[0]!);
    expect(await verifyNoteSignature(parseNote(text), logKey)).toBe('valid');
  });

  it('serves inclusion proofs that lead every entry to the signed root, and 4xx for bad requests', async () => {
    const cp = parseCheckpoint(parseNote(await (await log('/checkpoint')).text()).text);
    for (let seq = 1; seq <= cp.size; seq++) {
      const res = await log(`/proof/inclusion?seq=${seq}&size=${cp.size}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { entry: LogEntry; proof: string[] };
      expect(body.proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(cp.size)));
      const ok = await verifyInclusion(
        await entryLeafHash(body.entry),
        seq - 1,
        cp.size,
        body.proof.map(fromBase64),
        cp.root,
      );
      expect(ok).toBe(true);
    }
    for (const [q, status, code] of [
      ['seq=abc', 400, 'bad_request'],
      ['seq=0', 400, 'bad_request'],
      ['seq=9', 404, 'not_in_tree'],
      ['seq=1&size=4', 404, 'no_such_head'],
    ] as const) {
      const res = await log(`/proof/inclusion?${q}`);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ code });
    }
    expect((await log('/proof/consistency?old=6&size=5')).status).toBe(400);
    expect((await log('/proof/consistency?old=1&size=999')).status).toBe(404);
    expect((await log('/nothing-here')).status).toBe(404);
  });

  it('serves tlog-tiles: hash tiles and entry bundles, partial until full', async () => {
    const tile = await log('/tile/0/000.p/5');
    expect(tile.status).toBe(200);
    const hashes = new Uint8Array(await tile.arrayBuffer());
    expect(hashes).toHaveLength(5 * 32);
    const entries = new Uint8Array(await (await log('/tile/entries/000.p/5')).arrayBuffer());
    let at = 0;
    for (let i = 0; i < 5; i++) {
      const len = (entries[at]! << 8) | entries[at + 1]!;
      const text = new TextDecoder().decode(entries.subarray(at + 2, at + 2 + len));
      const [prev_hash, record_hash, seq, event, created_at] = text.split('|') as [
        string,
        string,
        string,
        string,
        string,
      ];
      const leaf = await entryLeafHash({ prev_hash, record_hash, seq: Number(seq), event, created_at });
      expect(hashes.subarray(i * 32, i * 32 + 32)).toEqual(leaf);
      at += 2 + len;
    }
    expect(at).toBe(entries.length);
    expect((await log('/tile/0/000')).status).toBe(404); // not full yet
    expect((await log('/tile/0/000.p/9')).status).toBe(404);
    expect((await log('/tile/0/12')).status).toBe(404);
  });

  it('is cosigned by a witness that checks consistency, and serves the head with the cosignature', async () => {
    const statePath = path.join(stateDir, 'state.json');
    const config = { signer: witness, logs: { 'tagledger.test/asset-ledger': (await keys()).log } };
    const first = await runWitnessOnce({ logUrl: `${server.url}/log/v1`, config, statePath });
    expect(first).toMatchObject({ outcome: 'cosigned', size: 5, delivered: true });
    let note = parseNote(await (await log('/checkpoint')).text());
    const key = await parseVerifierKey(witness.verifierKey);
    expect(await verifyCosignature(note, key)).toMatchObject({ status: 'valid' });
    expect(await runWitnessOnce({ logUrl: `${server.url}/log/v1`, config, statePath })).toMatchObject({
      outcome: 'unchanged',
    });

    // The log grows; the next head extends the cosigned one, and the witness proves it.
    for (let i = 6; i <= 9; i++) await registerDirect(server, alice.id, `asset ${i}`);
    await signHead(server.ctx);
    const consistency = (await (await log('/proof/consistency?old=5&size=9')).json()) as { proof: string[] };
    const old = parseCheckpoint(note.text);
    note = parseNote(await (await log('/checkpoint')).text());
    const now = parseCheckpoint(note.text);
    expect(await verifyConsistency(5, 9, consistency.proof.map(fromBase64), old.root, now.root)).toBe(true);
    expect(await runWitnessOnce({ logUrl: `${server.url}/log/v1`, config, statePath })).toMatchObject({
      outcome: 'cosigned',
      size: 9,
    });
    note = parseNote(await (await log('/checkpoint')).text());
    expect(await verifyCosignature(note, key)).toMatchObject({ status: 'valid' });
  });

  it('timestamps each head (RFC 3161), and a live bundle verifies offline with the published keys', async () => {
    const k = await keys();
    expect(k.tsa[0]).toBe(tsa.caCertPem);
    expect(k.tsa.some((pem) => pem.replace(/\s+/g, '') === tsa.tsaCertPem.replace(/\s+/g, ''))).toBe(true);
    // The newest head without its stamp yet: what a reader sees while the minute's job that signed
    // it still waits for the authority, or after the authority was down. The bundle waits for one.
    await unstampHead(9);
    const res = await log('/bundle?seq=2&known=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bundle = await res.json();
    expect(bundle).toMatchObject({ live: true, consistency: { from: 5 } });
    const report = await verifyBundle(bundle, { keys: k, known: [] });
    expect(report.failure).toBeUndefined();
    expect(report.passed).toEqual(['entry', 'inclusion', 'signature', 'cosignatures', 'timestamp', 'history']);
    expect(report.timestamp?.authority).toBe('TagLedger Test TSA');
    expect(report.cosigners.map((c) => c.name)).toEqual(['witness.example/one']);
    expect((await log('/bundle?seq=99')).status).toBe(404);
    expect((await log('/bundle?seq=x')).status).toBe(400);
  });

  it('puts the proof in the certificate: the verifier checks the PDF and its QR code offline, and names a rewrite', async () => {
    const { rows } = await server.ctx.db.query<{ asset_id: string }>(
      'select asset_id from public.asset_ledger where seq = 3',
    );
    await unstampHead(9); // a certificate made before the stamp came still carries one
    const res = await fetch(`${server.url}/functions/v1/asset-certificate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: server.anonKey, authorization: `Bearer ${alice.token}` },
      body: JSON.stringify({ assetId: rows[0]!.asset_id }),
    });
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    // The newest head covering the entry that its witness cosigned (size 9), not a fresh uncosigned one.
    expect(bundleFromPdf(pdf)).toMatchObject({ entry: { seq: 3 }, asset_id: rows[0]!.asset_id });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-cert-'));
    fs.writeFileSync(path.join(dir, 'keys.json'), JSON.stringify(await keys()));
    fs.writeFileSync(path.join(dir, 'certificate.pdf'), pdf);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    // With this server stopped, nothing but the file and the keys is needed (the verifier makes no request).
    expect(await cliMain([path.join(dir, 'certificate.pdf'), '--keys', path.join(dir, 'keys.json')], io)).toBe(0);
    expect(out.join('\n')).toContain('Timestamped by TagLedger Test TSA');
    expect(out.join('\n')).toContain('Cosigned by 1 witness of the 1 required: witness.example/one');

    // The QR code's text is the compact bundle, and it verifies the same way.
    const log = (await certificateLog(server.ctx, 3, { id: rows[0]!.asset_id, serial_number: null }))!;
    const png = PNG.sync.read(
      await QRCode.toBuffer(log.qrText, { type: 'png', margin: 2, width: 900, errorCorrectionLevel: 'L' }),
    );
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(decoded).toBe(log.qrText);
    expect((await verifyBundle(readBundle(decoded!), { keys: await keys() })).ok).toBe(true);

    // A rewritten entry in the PDF (one hex digit of its record hash): named, exit 1.
    const latin = Buffer.from(pdf).toString('latin1');
    const subject = /\/Subject\s*<([0-9A-Fa-f]+)>/.exec(latin)!;
    const text = Buffer.from(subject[1]!, 'hex').subarray(2).swap16().toString('utf16le');
    const hash = bundleFromPdf(pdf).entry.record_hash;
    const tamperedText = text.replaceAll(hash, (hash[0] === 'a' ? 'b' : 'a') + hash.slice(1));
    const hex = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(tamperedText, 'utf16le').swap16()])
      .toString('hex')
      .toUpperCase();
    expect(hex.length).toBe(subject[1]!.length);
    fs.writeFileSync(path.join(dir, 'tampered.pdf'), Buffer.from(latin.replace(subject[1]!, hex), 'latin1'));
    out.length = 0;
    expect(await cliMain([path.join(dir, 'tampered.pdf'), '--keys', path.join(dir, 'keys.json')], io)).toBe(1);
    expect(out.join('\n')).toMatch(/NOT VERIFIED \(entry_hash_mismatch\)\n.*Entry #3 was changed/);
  });

  it("answers /verify with each match's live proof, consistent with the size the browser knows", async () => {
    await server.ctx.db.query(`select private.register_asset($1, $2, $3, '[]')`, [
      alice.id,
      crypto.randomUUID(),
      JSON.stringify({ title: 'Bike', serial_number: 'LOG-SERIAL-1' }),
    ]);
    const nine = parseNote(await (await log('/checkpoint')).text());
    const res = await fetch(`${server.url}/functions/v1/verify-serial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify({ serial: 'LOG-SERIAL-1', knownSize: 9 }),
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      verdict: { matches: { asset_id: string }[] };
      proofs: Record<string, unknown>;
    };
    const id = page.verdict.matches[0]!.asset_id;
    expect(page.proofs[id]).toMatchObject({ live: true, asset_id: id, consistency: { from: 9 } });
    const seen = { origin: 'tagledger.test/asset-ledger', size: 9, root: nine.text.split('\n')[2]!, checkpoint: '' };
    // The new head is not cosigned yet: with no witness required, everything else checks out.
    const report = await verifyBundle(page.proofs[id], { keys: { ...(await keys()), quorum: 0 }, known: [seen] });
    expect(report.failure).toBeUndefined();
    expect(report.history).toBe('extends');
    const bad = await fetch(`${server.url}/functions/v1/verify-serial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: server.anonKey },
      body: JSON.stringify({ serial: 'LOG-SERIAL-1', knownSize: -1 }),
    });
    expect(bad.status).toBe(400);
  });

  it('refuses cosignatures from unknown witnesses, bad ones, and ones on a tree it never signed (an alert)', async () => {
    const note = parseNote(await (await log('/checkpoint')).text());
    const post = (body: string) =>
      log('/cosignature', { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    const now = Math.floor(Date.now() / 1000);

    let res = await post(`${note.text}\n${cosign(note.text, stranger, now)}\n`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'unknown_witness' });

    const forged = note.text.replace(/\n[^\n]+\n$/, `\n${Buffer.alloc(32, 7).toString('base64')}\n`);
    res = await post(`${note.text}\n${cosign(forged, witness, now)}\n`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'bad_cosignature' });

    res = await post(`${forged}\n${cosign(forged, witness, now)}\n`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'fork' });

    res = await post('not a note');
    expect(res.status).toBe(400);
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })
    ).text();
    expect(metrics).toMatch(/tagledger_log_alerts_total\{alert="fork"\} [1-9]/);
    expect(metrics).toMatch(/tagledger_log_entries\{of="signed_head"\} 10/);
  });

  it('refuses to sign a head when the stored tree no longer extends the last one, with an alert', async () => {
    // What an attacker with database access could do: rewrite entry 2 and rebuild the whole tree.
    await server.ctx.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(`update public.asset_ledger set record_hash = repeat('ab', 32) where seq = 2`);
      await tx.query('delete from private.log_nodes');
      await tx.query('select private.log_build_from_ledger()');
    });
    await registerDirect(server, alice.id, 'after the rewrite');
    await expect(signHead(server.ctx)).rejects.toBeInstanceOf(LogIntegrityError);
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })
    ).text();
    expect(metrics).toMatch(/tagledger_log_alerts_total\{alert="consistency"\} [1-9]/);
    expect(parseCheckpoint(parseNote(await (await log('/checkpoint')).text()).text).size).toBe(10);
  });
});

describe.each(drivers)('a witness between two servers that disagree, on %s', (driver) => {
  // The same log key and origin on two databases: what a log operator showing different views to
  // different people (or restoring another history) would run.
  let a: TestServer;
  let b: TestServer;
  let logKeyText: string;
  let witness: NoteSigner;
  let dir: string;

  beforeAll(async () => {
    logKeyText = await generateSignerKey('split.test/asset-ledger', 0x01);
    witness = await parseSignerKey(await generateSignerKey('witness.example/two', 0x04));
    const env = {
      LOG_PRIVATE_KEY: logKeyText,
      LOG_ORIGIN: 'split.test/asset-ledger',
      WITNESS_KEYS: witness.verifierKey,
      // A time-stamping authority that is down (nothing listens there) must not stop heads.
      TSA_URL: 'http://127.0.0.1:9/',
    };
    [a, b] = await Promise.all([startTestServer({ driver, env }), startTestServer({ driver, env })]);
    for (const server of [a, b]) {
      const user = await createTestUser(server);
      await server.ctx.db.query(`select private.ledger_post($1, 5000, 'admin_adjustment', 'test credit')`, [user.id]);
      (server as TestServer & { owner?: string }).owner = user.id;
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-split-'));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const grow = async (server: TestServer, n: number) => {
    for (let i = 0; i < n; i++) {
      await registerDirect(server, (server as TestServer & { owner?: string }).owner!, `entry ${crypto.randomUUID()}`);
    }
    await signHead(server.ctx);
  };

  it("refuses the second server's rollback, fork and inconsistent tree, each by name", async () => {
    const statePath = path.join(dir, 'state.json');
    const logKey = (await parseSignerKey(logKeyText)).verifierKey;
    const config = { signer: witness, logs: { 'split.test/asset-ledger': [logKey] } };
    await grow(a, 3);
    await grow(b, 2);
    expect(await latestHead(a.ctx.db)).toMatchObject({ size: 3, timestampToken: null });
    expect(await runWitnessOnce({ logUrl: `${a.url}/log/v1`, config, statePath })).toMatchObject({
      outcome: 'cosigned',
      size: 3,
    });

    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (err: unknown) => err as WitnessRefusal,
      );
    expect(await refusal(runWitnessOnce({ logUrl: `${b.url}/log/v1`, config, statePath }))).toMatchObject({
      code: 'rollback',
    });
    await grow(b, 1);
    expect(await refusal(runWitnessOnce({ logUrl: `${b.url}/log/v1`, config, statePath }))).toMatchObject({
      code: 'fork',
    });
    await grow(b, 1);

    // The command itself: an ALERT line naming the refusal, exit status 3, the state unchanged.
    const keyFile = path.join(dir, 'witness-key.txt');
    fs.writeFileSync(keyFile, await generateSignerKey('witness.example/cli', 0x04));
    const cliState = path.join(dir, 'cli-state.json');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await witnessMain([`${a.url}/log/v1`, '--key', keyFile, '--state', cliState, '--log-key', logKey], io)).toBe(
      0,
    );
    expect(await witnessMain([`${b.url}/log/v1`, '--key', keyFile, '--state', cliState], io)).toBe(3);
    expect(lines.at(-1)).toMatch(
      /^ALERT split\.test\/asset-ledger: refused to cosign \(inconsistent\): the tree of 4 entries does not extend the tree of 3/,
    );
    expect(JSON.parse(fs.readFileSync(cliState, 'utf8')).logs['split.test/asset-ledger']).toMatchObject({ size: 3 });
    // B never got a cosignature.
    expect(await (await fetch(`${b.url}/log/v1/checkpoint`)).text()).not.toContain('witness.example');
  });
});
