#!/usr/bin/env node
// Lighthouse (mobile, default simulated throttling), median of 3 runs per page, against a running
// server that serves the production build: the four category scores, LCP, CLS and total blocking
// time, and the script and image bytes transferred (resource summary). Without pages it measures the
// six public routes of issue 18. Lighthouse is not a project dependency: set LIGHTHOUSE_BIN to an
// installed CLI (e.g. `npm i lighthouse@12.8.2` in a temporary folder, then
// LIGHTHOUSE_BIN=<folder>/node_modules/.bin/lighthouse), or it runs `npx --yes lighthouse@13.5.0`.
// LIGHTHOUSE_LANG=fr measures as a French browser (Chrome's --lang and --accept-lang).
//   node apps/web/scripts/lighthouse.mjs http://127.0.0.1:3000 [/ /auth …]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [base = 'http://127.0.0.1:3000', ...pages] = process.argv.slice(2);
const targets = pages.length ? pages : ['/', '/auth', '/faq', '/privacy-policy', '/verify/ABC-123', '/public-assets'];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const bin = process.env.LIGHTHOUSE_BIN;
const lang = process.env.LIGHTHOUSE_LANG;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'));
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const page of targets) {
  const scores = Object.fromEntries(categories.map((c) => [c, []]));
  const imageKb = [];
  const imageRequests = [];
  const lcp = [];
  const cls = [];
  const tbt = [];
  const scriptKb = [];
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    const out = path.join(tmp, `run-${i}.json`);
    const args = [
      `${base}${page}`,
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage${lang ? ` --lang=${lang} --accept-lang=${lang}` : ''}`,
    ];
    const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' };
    let report;
    try {
      if (bin) execFileSync(bin, args, { env, stdio: 'ignore' });
      else execFileSync('npx', ['--yes', 'lighthouse@13.5.0', ...args], { env, stdio: 'ignore' });
      report = JSON.parse(fs.readFileSync(out, 'utf8'));
    } catch (err) {
      report = { runtimeError: err };
    }
    if (report.runtimeError) {
      // A failed run (a trace without navigation start under load, Chromium exiting early) is retried,
      // not counted; a page that keeps failing stops the measurement.
      if (++failures > runs) throw new Error(`Lighthouse failed ${failures} times on ${page}`);
      i--;
      continue;
    }
    for (const c of categories) scores[c].push(Math.round(report.categories[c].score * 100));
    lcp.push(report.audits['largest-contentful-paint'].numericValue / 1000);
    cls.push(report.audits['cumulative-layout-shift'].numericValue);
    tbt.push(report.audits['total-blocking-time'].numericValue);
    const resources = report.audits['resource-summary'].details.items;
    scriptKb.push(Math.round((resources.find((r) => r.resourceType === 'script')?.transferSize ?? 0) / 1024));
    const images = resources.find((r) => r.resourceType === 'image');
    imageKb.push(Math.round((images?.transferSize ?? 0) / 1024));
    imageRequests.push(images?.requestCount ?? 0);
  }
  const imageSummary = `images ${median(imageKb)} KiB in ${median(imageRequests)} requests (${imageKb.join('/')})`;
  const vitals =
    `LCP ${median(lcp).toFixed(2)} s (${lcp.map((x) => x.toFixed(2)).join('/')})\t` +
    `CLS ${median(cls).toFixed(3)} (${cls.map((x) => x.toFixed(3)).join('/')})\t` +
    `TBT ${Math.round(median(tbt))} ms\tscripts ${median(scriptKb)} KiB (${scriptKb.join('/')})`;
  console.log(
    `${page}\t${categories.map((c) => `${c} ${median(scores[c])} (${scores[c].join('/')})`).join('\t')}\t${vitals}\t${imageSummary}`,
  );
}
