// Part of npm run bench: a business imports 100,000 units from one CSV through the real server,
// then imports the same file again (every line skipped: the re-run after a fix) — once as the JSON
// body of import-units, once streamed as the file body of import-units-stream (what the web app
// sends).
// Measures wall time of each request and the peak resident memory of this process, which holds the
// server and, on PGlite, the database too (on PostgreSQL the database's own memory is not counted).
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. Writes the "Units CSV import"
// section of the repository's bench/RESULTS.md (other sections are kept).
// IMPORT_UNITS (default 100000), IMPORT_MODES (json,stream) and IMPORT_DRIVERS (pglite,pg) choose
// another run, e.g. IMPORT_UNITS=1000000 IMPORT_MODES=stream IMPORT_DRIVERS=pg for issue 33's 10⁶-unit
// target; a run of another size gets its own section.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drivers, startTestServer } from '../test/helpers/test-server.js';
import { MAX_IMPORT_ROWS } from '../src/business/unit-csv.js';
import { createTestUser } from '../test/helpers/users.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const UNITS = Number(process.env.IMPORT_UNITS ?? 100_000);
const MODES = (process.env.IMPORT_MODES ?? 'json,stream').split(',') as Result['mode'][];
const DRIVERS = drivers.filter((d) => !process.env.IMPORT_DRIVERS || process.env.IMPORT_DRIVERS.split(',').includes(d));

interface Result {
  driver: string;
  mode: 'json' | 'stream';
  firstMs: number;
  inserted: number;
  rerunMs: number;
  skipped: number;
  peakMb: number;
  /** Peak minus the RSS just before the first import: what the imports themselves added. */
  growthMb: number;
}

async function runOn(driver: (typeof drivers)[number], mode: Result['mode']): Promise<Result> {
  const server = await startTestServer({ driver });
  try {
    const brand = await createTestUser(server, { isBusiness: true });
    const product = await brand.client
      .from('business_products')
      .insert({ business_id: brand.id, name: 'Bench product', sku: 'BENCH' })
      .select('id')
      .single();
    if (product.error) throw new Error(product.error.message);
    // A CSV holds at most MAX_IMPORT_ROWS units, so a larger run imports as a business would: one file
    // after another, each its own request.
    const files = Array.from({ length: Math.ceil(UNITS / MAX_IMPORT_ROWS) }, (_, f) => {
      const first = f * MAX_IMPORT_ROWS;
      const count = Math.min(MAX_IMPORT_ROWS, UNITS - first);
      return ['serial', ...Array.from({ length: count }, (_, i) => `SN-${String(first + i).padStart(7, '0')}`)].join(
        '\n',
      );
    });
    const headers = { apikey: server.anonKey, Authorization: `Bearer ${brand.token}` };
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const postFile = async (csv: string) => {
      const res =
        mode === 'json'
          ? await fetch(`${server.url}/functions/v1/import-units`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ productId: product.data.id, csv }),
            })
          : await fetch(`${server.url}/functions/v1/import-units-stream?productId=${product.data.id}`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'text/csv' },
              body: csv,
            });
      const json = (await res.json()) as { inserted: number; skipped: number; error?: string };
      if (res.status !== 200) throw new Error(`${mode} import answered ${res.status}: ${json.error}`);
      return json;
    };
    const post = async () => {
      const started = performance.now();
      let inserted = 0;
      let skipped = 0;
      for (const csv of files) {
        const json = await postFile(csv);
        inserted += json.inserted;
        skipped += json.skipped;
      }
      return { ms: Math.round(performance.now() - started), inserted, skipped };
    };
    try {
      const first = await post();
      const rerun = await post();
      return {
        driver,
        mode,
        firstMs: first.ms,
        inserted: first.inserted,
        rerunMs: rerun.ms,
        skipped: rerun.skipped,
        peakMb: Math.round(peak / 1024 / 1024),
        growthMb: Math.round((peak - before) / 1024 / 1024),
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.close();
  }
}

function writeSection(body: string): void {
  const file = path.join(ROOT, 'bench/RESULTS.md');
  const name = UNITS === 100_000 ? 'import-units' : `import-units-${UNITS}`;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n## Units CSV import (import-units, ${UNITS.toLocaleString('en')} rows)\n\n${body}\n${end}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const a = current.indexOf(start);
  const b = current.indexOf(end);
  fs.writeFileSync(
    file,
    a >= 0 && b > a
      ? current.slice(0, a) + section + current.slice(b + end.length)
      : `${current.trimEnd()}\n\n${section}\n`,
  );
}

async function main(): Promise<void> {
  const results: Result[] = [];
  for (const driver of DRIVERS) for (const mode of MODES) results.push(await runOn(driver, mode));
  const table = [
    '| driver | request | first import | units inserted | re-run (all skipped) | units skipped | peak RSS of server process | growth during the imports |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.driver} | ${r.mode === 'json' ? 'import-units (JSON body)' : 'import-units-stream (file body)'} | ${(r.firstMs / 1000).toFixed(1)} s | ${r.inserted} | ${(r.rerunMs / 1000).toFixed(1)} s | ${r.skipped} | ${r.peakMb} MB | +${r.growthMb} MB |`,
    ),
  ].join('\n');
  const body = `${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} CPU cores (load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(
      ' ',
    )}, shared with other work). One request per file of at most ${MAX_IMPORT_ROWS.toLocaleString('en')} units (${Math.ceil(UNITS / MAX_IMPORT_ROWS)} here). import-units holds the whole JSON body and puts the rows in batches of 2,000 in one transaction; import-units-stream parses the file as it arrives and commits each batch of 2,000 on its own. Each mode runs on a fresh server in the same process; the peak includes the test harness (which also holds the CSV it sends) and, on PGlite, the database. Command: \`cd apps/server && nice npx tsx bench/import-units.ts\` (part of \`npm run bench\`). Reading the figures: ${UNITS.toLocaleString('en')} short serials are ${((UNITS * 11) / 1e6).toFixed(1)} MB of CSV, so holding a JSON body costs little either way and RSS growth is within GC noise (the second mode runs in a process the first has already grown); what streaming buys is that memory no longer grows with the file, and that the browser's upload progress is the import's progress. Time is dominated by the inserts on a machine shared with other work.\n`;
  console.log(body);
  writeSection(body);
}

await main();
