// The offline verifier page in real Chromium (playwright-core, /usr/bin/chromium), opened from a
// file with no server anywhere: a genuine proof is verified, and each of issue 31's tamper cases is
// named — the browser's own WebCrypto (SHA-256, Ed25519) does the checking. The page asks for nothing
// over the network (its CSP forbids it, and no request leaves the file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryHashHex, type KnownHead, type TrustedKeys } from '../src/index.js';
import { writePage } from '../scripts/page.mjs';
import { newSigner, ORIGIN, TestLog, trusted } from './log-fixture.js';

let browser: Browser;
let page: Page;
let file: string;
const requests: string[] = [];
let logKey: Awaited<ReturnType<typeof newSigner>>;
let witness: Awaited<ReturnType<typeof newSigner>>;
let honest: TestLog;

beforeAll(async () => {
  file = await writePage(fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-page-')));
  logKey = await newSigner(ORIGIN, 0x01);
  witness = await newSigner('witness.test/w1', 0x04);
  honest = await new TestLog(logKey).add('a', 'b', 'c', 'd', 'e', 'f');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  page = await browser.newPage({ locale: 'en-GB' });
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`file://${file}`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function check(bundle: unknown, keys: TrustedKeys, known: KnownHead[] = []) {
  await page.fill('#keys-text', JSON.stringify(keys));
  await page.fill('#bundle-text', typeof bundle === 'string' ? bundle : JSON.stringify(bundle));
  await page.fill('#known-text', known.length ? JSON.stringify(known) : '');
  await page.evaluate(() => {
    document.getElementById('result')!.dataset.code = '';
  });
  await page.click('#check');
  await page.waitForFunction(() => Boolean(document.getElementById('result')!.dataset.code));
  return {
    code: await page.getAttribute('#result', 'data-code'),
    text: (await page.textContent('#result')) ?? '',
  };
}

describe('the offline verifier page in Chromium', () => {
  it('verifies a genuine proof and says what it checked, in English and in French', async () => {
    const bundle = await honest.bundle(3, await honest.checkpoint(6, [witness]));
    const result = await check(bundle, trusted(logKey, [witness]));
    expect(result.code).toBe('verified');
    expect(result.text).toMatch(/^VERIFIED/);
    expect(result.text).toContain(`signed by the log key ${ORIGIN}+`);
    expect(result.text).toContain('Cosigned by 1 witness of the 1 required: witness.test/w1');
    await page.selectOption('#lang', 'fr');
    const fr = await check(bundle, trusted(logKey, [witness]));
    expect(fr.text).toMatch(/^VÉRIFIÉ/);
    expect(fr.text).toContain('La tête de l’arbre est signée par la clé de journal');
    await page.selectOption('#lang', 'en');
  });

  it('names a rewritten entry', async () => {
    const bundle = await honest.bundle(3, await honest.checkpoint(6, [witness]));
    bundle.entry.record_hash = 'f'.repeat(64);
    expect((await check(bundle, trusted(logKey, [witness]))).code).toBe('entry_hash_mismatch');
    bundle.entry.entry_hash = await entryHashHex(bundle.entry);
    const result = await check(bundle, trusted(logKey, [witness]));
    expect(result.code).toBe('not_included');
    expect(result.text).toContain('Entry #3 is not in the log');
  });

  it('names a dropped entry: no witness cosigned the regrown log, and it does not extend the head seen', async () => {
    const forged = await new TestLog(logKey).add('a', 'b', 'd', 'e', 'f', 'g', 'h');
    expect((await check(await forged.bundle(2, await forged.checkpoint()), trusted(logKey, [witness]))).code).toBe(
      'witness_quorum',
    );
    const seen: KnownHead = {
      origin: ORIGIN,
      size: 6,
      root: (await honest.checkpoint(6)).split('\n')[2]!,
      checkpoint: await honest.checkpoint(6),
    };
    const live = await forged.bundle(2, await forged.checkpoint(), 7, {
      live: true,
      consistency: { from: 6, proof: await forged.consistency(6) },
    });
    const result = await check(live, trusted(logKey, []), [seen]);
    expect(result.code).toBe('inconsistent');
    expect(result.text).toContain('entries were rewritten or dropped');
  });

  it('names a fork, a rollback and a head signed by an unknown key', async () => {
    const seen: KnownHead = {
      origin: ORIGIN,
      size: 6,
      root: (await honest.checkpoint(6)).split('\n')[2]!,
      checkpoint: await honest.checkpoint(6),
    };
    const forked = await new TestLog(logKey).add('a', 'b', 'c', 'd', 'e', 'x');
    expect((await check(await forked.bundle(1, await forked.checkpoint()), trusted(logKey, []), [seen])).code).toBe(
      'fork',
    );
    const old = await honest.bundle(1, await honest.checkpoint(4), 4, { live: true });
    expect((await check(old, trusted(logKey, []), [seen])).code).toBe('rollback');
    const impostor = await new TestLog(await newSigner(ORIGIN, 0x01)).add('a', 'b');
    const result = await check(await impostor.bundle(1, await impostor.checkpoint()), trusted(logKey, []));
    expect(result.code).toBe('unknown_log_key');
  });

  it('made no request beyond opening its own file', () => {
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
  });
});
