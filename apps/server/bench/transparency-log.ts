// The transparency log's numbers (issue 31, docs/decisions/0144):
//   1. proof size and check time for a log of 10 million entries, in Node and in Chromium: the
//      inclusion proof's hashes, the time to check it, and the time to check a whole bundle (entry,
//      inclusion, Ed25519 signature, cosignature) with @tagledger/verify;
//   2. registration throughput on PostgreSQL with the log's trigger off ("before") and on ("after"),
//      interleaved, private.register_asset called back to back on one connection;
//   3. building the tree of 1,000,000 existing entries on PostgreSQL (what the migration does).
// The 10-million-entry tree has identical leaves, so every complete subtree of a level has the same
// hash and any proof of it is made from a few cached hashes: what a check costs depends only on
// the proof's length, which depends only on the leaf index and the tree size, not on the contents.
//   cd apps/server && TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/transparency-log.ts
// BENCH_LOG_PARTS=proofs,register,build picks parts; REGISTRATIONS (default 300) and BUILD_ENTRIES
// (default 1,000,000) size them. Prints a markdown table with the load average.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createAuthUser, openTestDb } from '@tagledger/db/testing';
import {
  entryHashHex,
  entryLeafHash,
  formatCheckpoint,
  inclusionProof,
  leafHash,
  nodeHash,
  toBase64,
  utf8,
  verifyBundle,
  verifyInclusion,
  type NodeSource,
} from '@tagledger/verify';
import { cosign, generateSignerKey, parseSignerKey, signNote } from '@tagledger/verify/node';

// The PostgreSQL parts use the test database server (as `npm test` does).
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const PARTS = new Set((process.env.BENCH_LOG_PARTS ?? 'proofs,register,build').split(','));
const SIZE = 10_000_000;
const REGISTRATIONS = Number(process.env.REGISTRATIONS ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BUILD_ENTRIES = Number(process.env.BUILD_ENTRIES ?? 1_000_000);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

/** The root the RFC 9162 inclusion check arrives at from a leaf and its path (its step 3–4 loop). */
async function rootFrom(leaf: Uint8Array, index: number, size: number, path: Uint8Array[]): Promise<Uint8Array> {
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return r;
}

async function proofs() {
  // Every leaf but the one checked is the same filler entry, so level k's complete subtrees all have
  // one hash: any proof of the tree comes from 25 cached hashes, and the checked entry is real.
  const levelHash = [await leafHash(utf8('filler'))];
  for (let k = 1; k < 25; k++) levelHash.push(await nodeHash(levelHash[k - 1]!, levelHash[k - 1]!));
  const source: NodeSource = async (keys) => keys.map((k) => levelHash[k.level]!);
  const logKey = await parseSignerKey(await generateSignerKey('bench.test/asset-ledger', 0x01));
  const witness = await parseSignerKey(await generateSignerKey('witness.bench/w', 0x04));
  const keys = {
    format: 'tagledger-log-keys/v1' as const,
    origin: 'bench.test/asset-ledger',
    log: [logKey.verifierKey],
    witnesses: [witness.verifierKey],
    quorum: 1,
    tsa: [],
  };
  const indexes = [0, 4_999_999, 8_388_607, 9_999_999];
  const cases = [];
  for (const index of indexes) {
    const base = {
      seq: index + 1,
      event: 'register',
      record_hash: crypto.createHash('sha256').update(`record ${index}`).digest('hex'),
      prev_hash: crypto.createHash('sha256').update(`prev ${index}`).digest('hex'),
      created_at: '2026-11-27T00:00:00.000000Z',
    };
    const entry = { ...base, entry_hash: await entryHashHex(base) };
    const leaf = await entryLeafHash(entry);
    const proof = await inclusionProof(index, SIZE, source);
    const root = await rootFrom(leaf, index, SIZE, proof);
    const body = formatCheckpoint(keys.origin, SIZE, root);
    const checkpoint = `${body}\n${signNote(body, logKey)}\n${cosign(body, witness, 1_795_000_000)}\n`;
    cases.push({
      index,
      leaf,
      root,
      proof,
      bundle: { format: 'tagledger-proof/v1', entry, proof: proof.map(toBase64), checkpoint },
    });
  }
  const REPS = 100;
  const nodeInclusion: number[] = [];
  const nodeBundle: number[] = [];
  for (let r = 0; r < REPS; r++) {
    for (const c of cases) {
      let t = performance.now();
      if (!(await verifyInclusion(c.leaf, c.index, SIZE, c.proof, c.root))) throw new Error('proof failed');
      nodeInclusion.push(performance.now() - t);
      t = performance.now();
      const report = await verifyBundle(c.bundle, { keys });
      nodeBundle.push(performance.now() - t);
      if (!report.ok) throw new Error(`bundle failed: ${report.failure?.code}`);
    }
  }

  // The same library in Chromium (playwright-core, /usr/bin/chromium): WebCrypto SHA-256 and Ed25519.
  const bundled = await build({
    stdin: {
      contents: `export * from './src/index.ts';`,
      resolveDir: path.resolve(import.meta.dirname, '../../../packages/verify'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'tlv',
    platform: 'browser',
    write: false,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage();
  // WebCrypto needs a secure context: a page opened from a file is one, about:blank is not.
  const html = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-bench-')), 'bench.html');
  fs.writeFileSync(html, '<!doctype html><title>bench</title>');
  await page.goto(`file://${html}`);
  await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
  const browserTimes = await page.evaluate(
    async ({ cases, size, reps, keys }) => {
      const v = (globalThis as unknown as { tlv: typeof import('@tagledger/verify') }).tlv;
      const decoded = cases.map((c) => ({
        index: c.index,
        leaf: v.fromBase64(c.leaf),
        root: v.fromBase64(c.root),
        proof: c.bundle.proof.map(v.fromBase64),
        bundle: c.bundle,
      }));
      const inclusion: number[] = [];
      const whole: number[] = [];
      for (let r = 0; r < reps; r++) {
        for (const c of decoded) {
          let t = performance.now();
          if (!(await v.verifyInclusion(c.leaf, c.index, size, c.proof, c.root))) throw new Error('proof failed');
          inclusion.push(performance.now() - t);
          t = performance.now();
          const report = await v.verifyBundle(c.bundle, { keys });
          whole.push(performance.now() - t);
          if (!report.ok) throw new Error(`bundle failed: ${report.failure?.code}`);
        }
      }
      return { inclusion, whole };
    },
    {
      cases: cases.map((c) => ({ index: c.index, leaf: toBase64(c.leaf), root: toBase64(c.root), bundle: c.bundle })),
      size: SIZE,
      reps: REPS,
      keys,
    },
  );
  await browser.close();

  say(`\n### Proofs in a log of ${SIZE.toLocaleString('en')} entries (load ${load()})\n`);
  say('| what | Node 20 | Chromium 156 |');
  say('|---|---|---|');
  say(
    `| inclusion proof, hashes (leaves ${indexes.join(', ')}) | ${cases.map((c) => c.proof.length).join(', ')} | the same proofs |`,
  );
  say(
    `| inclusion check, median ms | ${median(nodeInclusion).toFixed(3)} | ${median(browserTimes.inclusion).toFixed(3)} |`,
  );
  say(
    `| whole bundle (entry, inclusion, log signature, witness cosignature), median ms | ${median(nodeBundle).toFixed(3)} | ${median(browserTimes.whole).toFixed(3)} |`,
  );
  say(
    `| whole bundle, 95th percentile ms | ${pct(nodeBundle, 0.95).toFixed(3)} | ${pct(browserTimes.whole, 0.95).toFixed(3)} |`,
  );
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

async function register() {
  const t = await openTestDb('pg');
  try {
    const owner = await createAuthUser(t.db);
    await t.db.query(`select private.ledger_post($1, 100000000, 'admin_adjustment', 'bench credit')`, [owner]);
    const run = async (withLog: boolean) => {
      await t.db.exec(
        `alter table public.asset_ledger ${withLog ? 'enable' : 'disable'} trigger asset_ledger_log_append`,
      );
      const started = performance.now();
      for (let i = 0; i < REGISTRATIONS; i++) {
        await t.db.query(`select private.register_asset($1, $2, $3, '[]')`, [
          owner,
          crypto.randomUUID(),
          JSON.stringify({ title: `bench ${i}`, serial_number: `B-${crypto.randomUUID()}` }),
        ]);
      }
      return REGISTRATIONS / ((performance.now() - started) / 1000);
    };
    const before: number[] = [];
    const after: number[] = [];
    const loadStart = load();
    for (let round = 0; round < ROUNDS; round++) {
      // Entries appended with the trigger off leave the log behind: it is rebuilt before the next "after".
      before.push(await run(false));
      await t.db.exec('delete from private.log_nodes');
      await t.db.query('select private.log_build_from_ledger()');
      after.push(await run(true));
    }
    say(
      `\n### Registrations on PostgreSQL, ${REGISTRATIONS} per run, ${ROUNDS} interleaved runs each (load ${loadStart} → ${load()})\n`,
    );
    say('| log trigger | registrations/s (runs) | median |');
    say('|---|---|---|');
    say(`| off (before) | ${before.map((x) => x.toFixed(0)).join(', ')} | ${median(before).toFixed(0)} |`);
    say(`| on (after) | ${after.map((x) => x.toFixed(0)).join(', ')} | ${median(after).toFixed(0)} |`);
    say(`| after / before | | ${((median(after) / median(before)) * 100).toFixed(1)} % |`);
  } finally {
    await t.close();
  }
}

async function buildTree() {
  const t = await openTestDb('pg');
  try {
    const loadStart = load();
    let started = performance.now();
    // Entries as an old ledger holds them (triggers off: no log yet, as before the migration).
    await t.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(
        `insert into public.asset_ledger (seq, asset_id, owner_id, event, record_hash, prev_hash, entry_hash, created_at)
         select g, gen_random_uuid(), null, 'register', md5(g::text) || md5('r' || g), md5('p' || g) || md5(g::text),
                md5('e' || g) || md5('h' || g), now()
         from generate_series(1, $1) g`,
        [BUILD_ENTRIES],
      );
    });
    const seeded = (performance.now() - started) / 1000;
    started = performance.now();
    await t.db.query('select private.log_build_from_ledger()');
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await t.db.query<{ n: string }>('select count(*)::text as n from private.log_nodes');
    say(
      `\n### Building the log of ${BUILD_ENTRIES.toLocaleString('en')} existing entries on PostgreSQL (load ${loadStart} → ${load()})\n`,
    );
    say('| step | seconds |');
    say('|---|---|');
    say(`| seeding the entries (not part of the migration) | ${seeded.toFixed(1)} |`);
    say(
      `| private.log_build_from_ledger() (${Number(rows[0]!.n).toLocaleString('en')} nodes) | ${seconds.toFixed(1)} |`,
    );
  } finally {
    await t.close();
  }
}

if (PARTS.has('proofs')) await proofs();
if (PARTS.has('register')) await register();
if (PARTS.has('build')) await buildTree();
console.log(`\n${lines.length} lines; machine: ${os.cpus().length} cores, load ${load()}`);
