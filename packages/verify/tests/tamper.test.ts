// Issue 31's tamper cases, each detected with its reason named: by the verifier (the code the CLI,
// the static page and the web app run) and by the witness. The log is kept in memory exactly as the
// server keeps it; the honest log and its tampered copies share the log's signing key (the operator,
// or whoever stole the key, can sign anything — the witnesses and what verifiers remember cannot).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliMain } from '../src/cli.js';
import { entryHashHex, verifyBundle, type KnownHead } from '../src/index.js';
import { addCheckpoint, type WitnessConfig, type WitnessState } from '../src/node/index.js';
import { newSigner, ORIGIN, TestLog, trusted } from './log-fixture.js';

let logKey: Awaited<ReturnType<typeof newSigner>>;
let otherKey: Awaited<ReturnType<typeof newSigner>>;
let witness: Awaited<ReturnType<typeof newSigner>>;
let honest: TestLog;

beforeAll(async () => {
  logKey = await newSigner(ORIGIN, 0x01);
  otherKey = await newSigner(ORIGIN, 0x01);
  witness = await newSigner('witness.test/w1', 0x04);
  honest = await new TestLog(logKey).add('a', 'b', 'c', 'd', 'e', 'f');
});

/** A copy of the honest log's first entries, then other ones: what a rewriting operator shows. */
async function forgedLog(labels: string[]): Promise<TestLog> {
  return new TestLog(logKey).add(...labels);
}

describe('the verifier (CLI, static page, web app)', () => {
  it('verifies a genuine bundle and says what it checked against which keys', async () => {
    const bundle = await honest.bundle(3, await honest.checkpoint(6, [witness]));
    const report = await verifyBundle(bundle, { keys: trusted(logKey, [witness]) });
    expect(report).toMatchObject({
      ok: true,
      history: 'first',
      logKey: `${ORIGIN}+${Buffer.from(logKey.id).toString('hex')}`,
    });
    expect(report.passed).toEqual(['entry', 'inclusion', 'signature', 'cosignatures', 'history']);
    expect(report.cosigners.map((c) => c.name)).toEqual(['witness.test/w1']);
  });

  it('names a rewritten entry: its hash no longer recomputes, or (rehashed) it is not in the signed tree', async () => {
    const bundle = await honest.bundle(3, await honest.checkpoint(6, [witness]));
    const changed = { ...bundle, entry: { ...bundle.entry, record_hash: 'f'.repeat(64) } };
    expect((await verifyBundle(changed, { keys: trusted(logKey, [witness]) })).failure?.code).toBe(
      'entry_hash_mismatch',
    );
    changed.entry.entry_hash = await entryHashHex(changed.entry);
    const report = await verifyBundle(changed, { keys: trusted(logKey, [witness]) });
    expect(report.failure?.code).toBe('not_included');
    expect(report.passed).toEqual(['entry']);
  });

  it('names a dropped entry: the rewritten log has no witness cosignature, and does not extend what was seen', async () => {
    // Entry "c" dropped and the log regrown; the operator signs it, but the witness never cosigned it.
    const forged = await forgedLog(['a', 'b', 'd', 'e', 'f', 'g', 'h']);
    const copiedCosig = (await honest.checkpoint(6, [witness])).split('\n').filter((l) => l.startsWith('— witness'));
    const plain = await forged.checkpoint(7);
    expect(
      (await verifyBundle(await forged.bundle(2, plain), { keys: trusted(logKey, [witness]) })).failure?.code,
    ).toBe('witness_quorum');
    const withCopied = `${plain}${copiedCosig.join('\n')}\n`;
    expect(
      (await verifyBundle(await forged.bundle(2, withCopied), { keys: trusted(logKey, [witness]) })).failure?.code,
    ).toBe('bad_cosignature');
    // A verifier that remembers the honest head of 6 entries asks for a proof of growth: none exists.
    const known: KnownHead[] = [{ origin: ORIGIN, size: 6, root: '', checkpoint: '' }];
    known[0]!.root = (await honest.checkpoint(6)).split('\n')[2]!;
    const live = await forged.bundle(2, plain, 7, {
      live: true,
      consistency: { from: 6, proof: await forged.consistency(6) },
    });
    const report = await verifyBundle(live, { keys: trusted(logKey, []), known });
    expect(report.failure).toMatchObject({ code: 'inconsistent', detail: { from: 6, size: 7 } });
  });

  it('names a fork: two signed trees of the same size with different roots', async () => {
    const first = await verifyBundle(await honest.bundle(1, await honest.checkpoint(6)), { keys: trusted(logKey, []) });
    expect(first.ok).toBe(true);
    const forked = await forgedLog(['a', 'b', 'c', 'd', 'e', 'x']);
    const report = await verifyBundle(await forked.bundle(1, await forked.checkpoint(6)), {
      keys: trusted(logKey, []),
      known: [first.newestKnown!],
    });
    expect(report.failure?.code).toBe('fork');
  });

  it('names a rollback: a live answer older than a head already seen', async () => {
    const seen = await verifyBundle(await honest.bundle(1, await honest.checkpoint(6)), { keys: trusted(logKey, []) });
    const old = await honest.bundle(1, await honest.checkpoint(4), 4, { live: true });
    const report = await verifyBundle(old, { keys: trusted(logKey, []), known: [seen.newestKnown!] });
    expect(report.failure).toMatchObject({ code: 'rollback', detail: { size: 4, seen: 6 } });
    // A certificate made back then is not a rollback: it is simply older.
    const certificate = await honest.bundle(1, await honest.checkpoint(4), 4);
    expect(await verifyBundle(certificate, { keys: trusted(logKey, []), known: [seen.newestKnown!] })).toMatchObject({
      ok: true,
      history: 'older',
    });
  });

  it('names a head signed by an unknown key', async () => {
    const impostor = await new TestLog(otherKey).add('a', 'b', 'c');
    const report = await verifyBundle(await impostor.bundle(2, await impostor.checkpoint()), {
      keys: trusted(logKey, []),
    });
    expect(report.failure?.code).toBe('unknown_log_key');
  });

  it('runs as a command: exit 0 and the checks in words, exit 1 and the reason, exit 2 for bad input', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-verify-'));
    const keysFile = path.join(dir, 'keys.json');
    fs.writeFileSync(keysFile, JSON.stringify(trusted(logKey, [witness])));
    const good = path.join(dir, 'bundle.json');
    fs.writeFileSync(good, JSON.stringify(await honest.bundle(3, await honest.checkpoint(6, [witness]))));
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    expect(await cliMain([good, '--keys', keysFile, '--state', path.join(dir, 'state.json')], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^VERIFIED\n {2}✓ Entry #3 \(register\) recomputes/);
    expect(out.join('\n')).toContain(`signed by the log key ${ORIGIN}+`);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'state.json'), 'utf8'))).toMatchObject([
      { origin: ORIGIN, size: 6 },
    ]);

    out.length = 0;
    const forked = await forgedLog(['a', 'b', 'c', 'd', 'e', 'x']);
    const bad = path.join(dir, 'forked.json');
    fs.writeFileSync(bad, JSON.stringify(await forked.bundle(1, await forked.checkpoint(6, [witness]))));
    fs.writeFileSync(keysFile, JSON.stringify(trusted(logKey, [witness], 0)));
    expect(await cliMain([bad, '--keys', keysFile, '--state', path.join(dir, 'state.json'), '--lang', 'fr'], io)).toBe(
      1,
    );
    expect(out.join('\n')).toMatch(/^NON VÉRIFIÉ \(fork\)/);
    expect(out.join('\n')).toContain('Bifurcation : le journal présente un arbre de 6 entrées');

    out.length = 0;
    fs.writeFileSync(path.join(dir, 'junk.txt'), 'hello');
    expect(await cliMain([path.join(dir, 'junk.txt'), '--keys', keysFile], io)).toBe(2);
    expect(out.join('\n')).toContain('neither a certificate PDF nor a proof bundle');
    expect(await cliMain([good], io)).toBe(2);
  });
});

describe('the witness', () => {
  let config: WitnessConfig;
  let state: WitnessState;
  const request = (old: number, proof: string[], checkpoint: string) =>
    `old ${old}\n${proof.map((p) => `${p}\n`).join('')}\n${checkpoint}`;

  beforeAll(async () => {
    config = { signer: witness, logs: { [ORIGIN]: [logKey.verifierKey] } };
    state = (await addCheckpoint({ logs: {} }, config, request(0, [], await honest.checkpoint(6)))).state;
  });

  it('cosigns a consistent extension and remembers it', async () => {
    const grown = await new TestLog(logKey).add('a', 'b', 'c', 'd', 'e', 'f', 'g');
    const added = await addCheckpoint(state, config, request(6, await grown.consistency(6), await grown.checkpoint()));
    expect(added.state.logs[ORIGIN]).toMatchObject({ size: 7 });
    expect(added.cosignature).toMatch(/^— witness\.test\/w1 /);
  });

  it.each([
    ['a rewritten entry', ['a', 'B', 'c', 'd', 'e', 'f', 'g'], 'inconsistent', 422],
    ['a dropped entry', ['a', 'b', 'd', 'e', 'f', 'g', 'h'], 'inconsistent', 422],
    ['a fork (same size, other root)', ['a', 'b', 'c', 'd', 'e', 'x'], 'fork', 409],
    ['a rollback', ['a', 'b', 'c', 'd'], 'rollback', 400],
  ])('refuses %s, naming it', async (_what, labels, code, status) => {
    const forged = await forgedLog(labels);
    const size = forged.entries.length;
    const old = size >= 6 ? 6 : 0;
    const proof = size > 6 ? await forged.consistency(6) : [];
    await expect(addCheckpoint(state, config, request(old, proof, await forged.checkpoint()))).rejects.toMatchObject({
      code,
      status,
    });
  });

  it('refuses a head signed by an unknown key', async () => {
    const impostor = await new TestLog(otherKey).add('a', 'b', 'c', 'd', 'e', 'f', 'g');
    await expect(
      addCheckpoint(state, config, request(6, await impostor.consistency(6), await impostor.checkpoint())),
    ).rejects.toMatchObject({ code: 'unknown_log_key', status: 403 });
  });
});
