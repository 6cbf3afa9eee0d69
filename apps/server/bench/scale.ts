// npm run bench:scale — how the cost of the product's reads and writes grows with the data (issue 33).
//
// For each driver (BENCH_DRIVERS, default pg,pglite) and each size n (BENCH_SIZES, default
// 10000,100000,1000000 on PostgreSQL and PGLITE_SIZES, default 10000,100000 on PGlite) it starts the
// real server on a fresh database (startTestServer, rate limits off), seeds it inside the database
// with set-based inserts from generate_series (no rows cross the wire; see bench/RESULTS.md for why
// not COPY) by bench/scale-seed.ts — by default with no trigger firing, the secondary indexes built
// after the load and what the triggers keep rebuilt in bulk (rebuildWhatTriggersKeep; BENCH_SEED=triggers
// fires them instead: 744 s for 10⁶ rows on 2 cores, against about 110 s; each step's time is printed) —
// and measures:
//   n rows each of assets (a third public, one media row each), wallet ledger entries, business units
//   and label scans (spread over the last 60 days, with their daily counts), n/10 users (at least
//   1,000), a heavy user with 5,000 assets and 5,000 ledger entries, and a brand owning every unit.
// Figures:
//   scan-page, verify   HTTP at a fixed rate, open loop (BENCH_RATE req/s, default 200, for BENCH_DURATION s):
//                       POST /functions/v1/scan-unit {gtin, serial} (the GS1 scan page) and
//                       POST /functions/v1/verify-serial {serial} (/verify/{serial}), random serials
//   the lists           the statement the API runs, under the caller's request context (role, claims,
//                       RLS) as /rest/v1 runs it, BENCH_REPS times: first page and a deep page (90%
//                       of the list) of the public gallery, My Assets of the heavy user, the wallet
//                       ledger of the heavy user; the brand's scan analytics for 30 days; the
//                       moderators' flagged-units and assets queues
//   export, deletion    the heavy user's data export (every section, 500 rows a page, as
//                       export-my-data reads it) and the deletion of the heavy user and of the brand
//                       (each in a transaction rolled back)
//   label sheet         the plan of a 10,000-unit product and the first of its ten 1,000-label
//                       sheets through POST /functions/v1/unit-labels-pdf (the product has 10,000
//                       units at every size)
//   backup, restore     `npm run backup -- FILE` of the bench's database (the compiled CLI, as an
//                       operator runs it; on PGlite it asks the running server) and `npm run restore
//                       -- FILE` into an empty database / DATA_DIR (migrations included: about 20 s on
//                       PGlite, a few on PostgreSQL), with the archive's size and rows
// Linear by nature, so bounded (the table then says "not run" and why, with the estimate the
// previous size gives): the brand's deletion above BENCH_DELETE_MAX rows, a backup above
// BENCH_BACKUP_MAX, a restore above BENCH_RESTORE_MAX (default 10⁶ each); a repeated figure stops
// after BENCH_FIGURE_BUDGET seconds (default 30, 3 calls at least; the table gives the calls).
// p99 of BENCH_REPS (default 30) sequential calls is their second-largest time; the HTTP figures are
// autocannon's. The growth table flags a figure that grows faster than log n (see growthFlag).
// Results: printed, and written to the "Scale" section of bench/RESULTS.md (other sections kept), or of
// BENCH_RESULTS_FILE. BENCH_DRIVERS=pg (or PGLITE_SIZES=) runs PostgreSQL only.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { withRequestContext, type Db } from '@tagledger/db';
import { createAuthUser, createTestDatabase, verifyGs1Prefix } from '@tagledger/db/testing';
import { startTestServer, type TestServer } from '../test/helpers/test-server.js';
import {
  createIndexes,
  dropSecondaryIndexes,
  HEAVY,
  PREFIX,
  rebuildWhatTriggersKeep,
  seedBrandRows,
  seedPeopleAndAssets,
  UNITS_PER_PRODUCT,
  type SeedOptions,
  type SeedPath,
} from './scale-seed.js';
import { createTestUser } from '../test/helpers/users.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_DATABASE_URL ??= PG_URL;
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg,pglite').split(',') as ('pg' | 'pglite')[];
const sizes = (v: string) =>
  v
    .split(',')
    .filter((s) => s.trim())
    .map((s) => Math.round(Number(s)));
const PG_SIZES = sizes(process.env.BENCH_SIZES ?? '10000,100000,1000000');
const PGLITE_SIZES = sizes(process.env.PGLITE_SIZES ?? '10000,100000');
const REPS = Number(process.env.BENCH_REPS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
/**
 * BENCH_PARTS=lists seeds and measures the lists alone (assets with media, ledger entries, open
 * reports; 1,000 users; the heavy user's 5,000 products, referrals of every user and 5,000 bug
 * reports), which reaches 10⁶ rows and more in minutes; the default, all, is everything.
 */
const LISTS_ONLY = process.env.BENCH_PARTS === 'lists';
/**
 * BENCH_SEED=fast (the default) loads the rows with no trigger firing and rebuilds what the
 * triggers keep in bulk (bench/scale-seed.ts); BENCH_SEED=triggers fires every trigger, as before.
 */
/** Where the section is written (BENCH_RESULTS_FILE; default the repository's bench/RESULTS.md). */
const RESULTS_FILE = path.resolve(process.env.BENCH_RESULTS_FILE ?? path.join(ROOT, 'bench/RESULTS.md'));
/** Time a repeated figure may take (BENCH_FIGURE_BUDGET seconds, default 30) before it stops repeating. */
const FIGURE_BUDGET_MS = Number(process.env.BENCH_FIGURE_BUDGET ?? 30) * 1000;
/**
 * Linear by nature, so bounded: the brand's deletion (n units, n scans) runs up to BENCH_DELETE_MAX
 * rows (default 10⁶), a backup up to BENCH_BACKUP_MAX and its restore up to BENCH_RESTORE_MAX
 * (default 10⁶ each); above, the table says "not run" and why.
 */
const DELETE_MAX = Number(process.env.BENCH_DELETE_MAX ?? 1_000_000);
const BACKUP_MAX = Number(process.env.BENCH_BACKUP_MAX ?? 1_000_000);
const RESTORE_MAX = Number(process.env.BENCH_RESTORE_MAX ?? BACKUP_MAX);
const SEED_PATH: SeedPath = process.env.BENCH_SEED === 'triggers' ? 'triggers' : 'fast';

interface Figure {
  p50: number;
  p99: number;
  /** HTTP figures: requests that failed (no answer, or not 2xx), and how long the whole load took. */
  failed?: number;
  wallMs?: number;
  /** Calls measured, when the figure's time budget stopped it before BENCH_REPS. */
  calls?: number;
  /** Shown after the time (a backup's size and rows). */
  note?: string;
  /** Not measured at this size, and why (the table says "not run: …"). */
  skipped?: string;
}
type Measures = Record<string, Figure>;
interface Run {
  driver: string;
  n: number;
  seedSeconds: number;
  measures: Measures;
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function timed(reps: number, fn: (i: number) => Promise<unknown>): Promise<Figure> {
  await fn(-1); // warm: plans cached, pages in memory
  const times: number[] = [];
  const started = performance.now();
  // A figure whose calls take seconds (at 10⁷ rows) stops at its time budget, after 3 calls at least.
  for (let i = 0; i < reps && (i < 3 || performance.now() - started < FIGURE_BUDGET_MS); i++) {
    const one = performance.now();
    await fn(i);
    times.push(performance.now() - one);
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ...(times.length < reps ? { calls: times.length } : {}),
  };
}

const asUser = <T>(db: Db, sub: string, fn: (q: (sql: string, p?: unknown[]) => Promise<unknown>) => Promise<T>) =>
  withRequestContext(db, { role: 'authenticated', claims: { sub, aud: 'authenticated' } }, (tx) =>
    fn((sql, p) => tx.query(sql, p)),
  );
const asAnon = <T>(db: Db, fn: (q: (sql: string, p?: unknown[]) => Promise<unknown>) => Promise<T>) =>
  withRequestContext(db, { role: 'anon', claims: { role: 'anon' } }, (tx) => fn((sql, p) => tx.query(sql, p)));

interface Seeded {
  heavy: string;
  admin: string;
  brand: { id: string; token: string };
  moderator: string;
  products: { id: string; gtin: string }[];
  publicAssets: number;
}

/** Prints each seeding step's time, so a slow seed says where its time went. */
const logStep = (step: string, ms: number) => console.log(`    seed: ${step} ${fmt(ms)}`);

async function seed(server: TestServer, n: number): Promise<Seeded> {
  const db = server.ctx.db;
  const users = LISTS_ONLY ? 1_000 : Math.max(1_000, Math.round(n / 10));
  const options: SeedOptions = { n, users, path: SEED_PATH, at: new Date(), log: logStep };
  const dropped = SEED_PATH === 'fast' ? await dropSecondaryIndexes(db) : [];
  const heavy = await createAuthUser(db, { email: 'heavy@example.test' });
  const moderator = await createAuthUser(db, { role: 'moderator' });
  const admin = await createAuthUser(db, { role: 'admin' });
  await seedPeopleAndAssets(db, heavy, options);
  let brand = { id: '', token: '' };
  if (!LISTS_ONLY) {
    // The brand: a real signed-in user (the label sheet is asked over HTTP) with a verified prefix.
    const user = await createTestUser(server, { isBusiness: true });
    await verifyGs1Prefix(db, user.id, PREFIX);
    await seedBrandRows(db, user.id, options);
    brand = { id: user.id, token: user.token };
  }
  if (SEED_PATH === 'fast') {
    await rebuildWhatTriggersKeep(db, logStep);
    const started = performance.now();
    await createIndexes(db, dropped);
    logStep(`${dropped.length} indexes built again`, performance.now() - started);
  }
  const products = LISTS_ONLY ? [] : await brandProducts(db, brand.id);
  const analyzed = performance.now();
  await db.exec('analyze');
  logStep('analyze', performance.now() - analyzed);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.assets where privacy = 'public'`,
  );
  return { heavy, admin, brand, moderator, products, publicAssets: rows[0]!.n };
}

/** The brand's products in the order of their item references (unit i is in product (i − 1) / 10,000). */
async function brandProducts(db: Db, brandId: string): Promise<Seeded['products']> {
  const { rows } = await db.query<{ id: string; gtin: string }>(
    `select id, gtin from public.business_products where business_id = $1 order by (substr(name, 9))::int`,
    [brandId],
  );
  return rows;
}

/**
 * Open-loop load at RATE requests a second for DURATION seconds: a request starts on schedule
 * whether or not the earlier ones have answered (as visitors arrive), so a slow server queues them
 * and its latency shows it. Each request's time is from its scheduled start to its answer's end.
 */
async function fixedRate(server: TestServer, pathName: string, body: (i: number) => string): Promise<Figure> {
  const total = RATE * DURATION;
  const times: number[] = [];
  let failures = 0;
  // At most 50 connections, kept alive, as a balancer in front of the server would hold: requests
  // beyond them wait their turn, and that wait is part of their time.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const url = new URL(`${server.url}${pathName}`);
  const post = (payload: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            apikey: server.anonKey,
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const one = async (i: number) => {
    const scheduled = performance.now();
    const status = await post(body(i)).catch(() => 0);
    if (status < 200 || status >= 300) failures++;
    times.push(performance.now() - scheduled);
  };
  // Warm-up: a second's worth, unmeasured.
  await Promise.all(Array.from({ length: RATE }, (_, i) => one(-1 - i)));
  times.length = 0;
  failures = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(i));
  }
  await Promise.all(pending);
  agent.destroy();
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    failed: failures,
    wallMs: performance.now() - started,
  };
}

/** The heavy user's export as export-my-data reads it: rows read, and each section's time. */
async function exportUser(db: Db, userId: string): Promise<{ rows: number; sections: [string, number][] }> {
  const outline = (
    await db.query<{ o: { sections: { section: string; one_row: boolean }[] } }>(
      'select private.export_outline($1::uuid) as o',
      [userId],
    )
  ).rows[0]!.o;
  let rows = 0;
  const sections: [string, number][] = [];
  for (const { section, one_row } of outline.sections) {
    const started = performance.now();
    let after: unknown = null;
    for (;;) {
      const page = (
        await db.query<{ cursor: unknown }>(
          'select cursor, data from private.export_page($1::uuid, $2, $3::jsonb, $4)',
          [userId, section, after === null ? null : JSON.stringify(after), one_row ? 1 : 500],
        )
      ).rows;
      rows += page.length;
      if (one_row || page.length < 500) break;
      after = page[page.length - 1]!.cursor;
    }
    sections.push([section, performance.now() - started]);
  }
  return { rows, sections };
}

async function rolledBack(db: Db, sql: string, params: unknown[]): Promise<number> {
  let ms = 0;
  await db
    .transaction(async (tx) => {
      const started = performance.now();
      await tx.query(sql, params);
      ms = performance.now() - started;
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  return ms;
}

/** ", about X (10× the last size's Y)" from the previous size's figure, for a skipped linear figure. */
function linearGuess(driver: string, n: number, name: string): string {
  const before = runs
    .filter((r) => r.driver === driver && r.n < n && r.measures[name] && !r.measures[name].skipped)
    .at(-1);
  if (!before) return '';
  const ms = before.measures[name]!.p50;
  return `, about ${fmt((ms * n) / before.n)} by the ${before.n.toLocaleString('en')} figure (${fmt(ms)})`;
}

async function measure(server: TestServer, s: Seeded, n: number): Promise<Measures> {
  const db = server.ctx.db;
  const m: Measures = new Proxy({} as Measures, {
    set(target, name: string, value: Figure) {
      target[name] = value;
      console.log(`  ${name}: ${cell(value)}`);
      return true;
    },
  });
  if (LISTS_ONLY) {
    await measureLists(db, s, m);
    return m;
  }
  const rnd = (i: number) => 1 + ((Math.abs(i) * 7919 + 13) % n);
  const serial = (i: number) => 'U' + String(rnd(i)).padStart(8, '0');
  const productOf = (i: number) => s.products[Math.floor((rnd(i) - 1) / UNITS_PER_PRODUCT)]!;

  m['scan page (HTTP, fixed rate)'] = await fixedRate(server, '/functions/v1/scan-unit', (i) =>
    JSON.stringify({ gtin: productOf(i).gtin, serial: serial(i) }),
  );
  m['/verify/{serial} (HTTP, fixed rate)'] = await fixedRate(server, '/functions/v1/verify-serial', (i) =>
    JSON.stringify({ serial: `SER-${rnd(i)}` }),
  );

  // The same two statements one at a time (closed loop): what a request costs the database when
  // nothing queues in front of it.
  m['scan page (SQL, one at a time)'] = await timed(REPS, (i) =>
    db.query('select private.record_unit_scan($1, $2, $3)', [productOf(i).gtin, serial(i), `198.51.100.${i & 255}`]),
  );
  m['/verify/{serial} (SQL, one at a time)'] = await timed(REPS, (i) =>
    asAnon(db, (q) => q('select public.verify_serial($1)', [`SER-${rnd(i)}`])),
  );

  await measureLists(db, s, m);

  m['brand scan analytics, 30 days'] = await timed(REPS, () =>
    asUser(db, s.brand.id, (q) => q('select public.my_business_scan_analytics(30)')),
  );
  // The seed flags every 1,000th unit (scale-seed.ts): the first page, and one 90% down the queue
  // (its cursor read from the kept signals of decision 0174).
  m['moderator queue, flagged units'] = await timed(REPS, () =>
    asUser(db, s.moderator, (q) => q(`select public.moderator_queue('flagged', 20, null)`)),
  );
  const deepFlagged = (
    await db.query<{ k: string; id: string; n: number }>(
      `select f.last_scan_at::text as k, f.unit_id::text as id, c.n
         from (select count(*)::int as n from private.flagged_unit_signals where flagged_until > now()) c,
              lateral (select * from private.flagged_unit_signals f where f.flagged_until > now()
                        order by f.last_scan_at desc, f.unit_id desc offset c.n * 9 / 10 limit 1) f`,
    )
  ).rows[0];
  m['moderator queue, flagged units, deep page (90%)'] = deepFlagged
    ? {
        ...(await timed(REPS, () =>
          asUser(db, s.moderator, (q) =>
            q(`select public.moderator_queue('flagged', 20, $1::jsonb)`, [
              JSON.stringify({ k: deepFlagged.k, id: deepFlagged.id }),
            ]),
          ),
        )),
        note: `${deepFlagged.n.toLocaleString('en')} flagged`,
      }
    : { p50: 0, p99: 0, skipped: 'no unit is flagged' };

  const exportStarted = performance.now();
  const exported = await exportUser(db, s.heavy);
  const exportMs = performance.now() - exportStarted;
  if (exported.rows < 2 * HEAVY) throw new Error(`the heavy user's export has ${exported.rows} rows`);
  // The slowest sections say where a slow export spends its time.
  const slowest = exported.sections
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${fmt(ms)}`);
  // The heavy user refers every user, so the export's rows grow with n (n/10 referrals): the note
  // gives them, so the time reads per row.
  m['data export, heavy user (10,000 rows + n/10 referrals)'] = {
    p50: exportMs,
    p99: exportMs,
    note: `${exported.rows.toLocaleString('en')} rows; slowest: ${slowest.join(', ')}`,
  };
  const deleteHeavy = await rolledBack(db, 'delete from auth.users where id = $1', [s.heavy]);
  m['account deletion, heavy user'] = { p50: deleteHeavy, p99: deleteHeavy };
  const brandDeletion = 'account deletion, brand (n units, n scans)';
  if (n <= DELETE_MAX) {
    const deleteBrand = await rolledBack(db, 'delete from auth.users where id = $1', [s.brand.id]);
    m[brandDeletion] = { p50: deleteBrand, p99: deleteBrand };
  } else {
    m[brandDeletion] = { p50: 0, p99: 0, skipped: `linear in n by nature${linearGuess(db.kind, n, brandDeletion)}` };
  }

  {
    const headers = {
      apikey: server.anonKey,
      Authorization: `Bearer ${s.brand.token}`,
      'content-type': 'application/json',
    };
    const started = performance.now();
    const planRes = await fetch(`${server.url}/functions/v1/unit-labels-pdf`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ plan: true, productId: s.products[0]!.id }),
    });
    const plan = (await planRes.json()) as {
      count: number;
      maxLabels: number;
      batches: { fromSerial: string; toSerial: string }[];
    };
    if (!planRes.ok) throw new Error(`label plan: ${JSON.stringify(plan)}`);
    // One sheet of the plan's ten: a sheet takes about a minute on this loaded machine, ten would
    // take the run past its bounds; the ten sheets cost ten times one (each is its own request).
    const { fromSerial, toSerial } = plan.batches[0]!;
    const res = await fetch(`${server.url}/functions/v1/unit-labels-pdf`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ layout: 'avery-l7160', productId: s.products[0]!.id, fromSerial, toSerial }),
    });
    if (!res.ok) throw new Error(`label sheet: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const ms = performance.now() - started;
    m[
      `label sheet: plan of ${plan.count.toLocaleString('en')} units + first sheet of ${plan.maxLabels.toLocaleString('en')}`
    ] = {
      p50: ms,
      p99: ms,
    };
  }
  return m;
}

/** The row at `offset` of an ordered read, as the cursor a page after it starts from (not timed). */
async function cursorAt(db: Db, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ k: string; id: string }>(sql, params);
  if (!rows[0]) throw new Error(`no row for a deep cursor: ${sql}`);
  return JSON.stringify({ k: rows[0].k, id: rows[0].id });
}

/**
 * The product's lists at their first page and at a page 90% deep, each by its cursor (keyset,
 * decision 0165), as the API runs them (caller's role, claims and RLS). For the gallery the old way
 * — OFFSET and an exact count of every public asset — is measured beside it, for comparison.
 */
async function measureLists(db: Db, s: Seeded, m: Measures): Promise<void> {
  const pageSize = 24;
  const deepGallery = Math.floor((s.publicAssets * 0.9) / pageSize) * pageSize;
  const galleryCursor = await cursorAt(
    db,
    `select created_at::text as k, id from public.assets where privacy = 'public'
      order by created_at desc, id desc offset $1 limit 1`,
    [deepGallery - 1],
  );
  const gallery = (after: string | null) =>
    asAnon(db, (q) =>
      q('select public.search_public_assets(null, null, null, $1, false, $2, $3::jsonb)', [
        'created_at',
        pageSize,
        after,
      ]),
    );
  m['gallery, first page'] = await timed(REPS, () => gallery(null));
  m['gallery, page at 90%'] = await timed(REPS, () => gallery(galleryCursor));
  // As the definer's function read it (no RLS): the ids of the page only, without their JSON.
  m['gallery, page at 90%, by OFFSET and exact count (before)'] = await timed(REPS, () =>
    db.query(
      `select (select count(*) from public.assets where privacy = 'public') as total,
              (select jsonb_agg(a.id) from (select id from public.assets where privacy = 'public'
                order by created_at desc, id desc offset $1 limit $2) a) as ids`,
      [deepGallery, pageSize],
    ),
  );

  const myCursor = await cursorAt(
    db,
    `select created_at::text as k, id from public.assets where owner_id = $1
      order by created_at desc, id desc offset $2 limit 1`,
    [s.heavy, 4_487],
  );
  const myAssets = (after: string | null) =>
    asUser(db, s.heavy, (q) =>
      q('select public.search_my_assets(null, null, null, null, null, $1, false, $2, $3::jsonb)', [
        'created_at',
        pageSize,
        after,
      ]),
    );
  m['My Assets (5,000), first page'] = await timed(REPS, () => myAssets(null));
  m['My Assets (5,000), page at 90%'] = await timed(REPS, () => myAssets(myCursor));

  // The wallet page's statement (get-transactions.ts): newest first, 20 a page, "Load more" after
  // the last row shown, as /rest/v1 runs `.lte('created_at', t).or('created_at.lt.t,id.lt.i')`.
  const { rows: deepRow } = await db.query<{ created_at: string; id: string }>(
    `select created_at::text, id from public.token_transactions where user_id = $1
      order by created_at desc, id desc offset 4499 limit 1`,
    [s.heavy],
  );
  const ledger = (after: { created_at: string; id: string } | null) =>
    asUser(db, s.heavy, (q) =>
      after
        ? q(
            `select id, amount, type, source, description, created_at, balance_after from public.token_transactions
              where user_id = $1 and created_at <= $2 and (created_at < $2 or id < $3)
              order by created_at desc, id desc limit 20`,
            [s.heavy, after.created_at, after.id],
          )
        : q(
            `select id, amount, type, source, description, created_at, balance_after from public.token_transactions
              where user_id = $1 order by created_at desc, id desc limit 20`,
            [s.heavy],
          ),
    );
  m['wallet ledger, first page'] = await timed(REPS, () => ledger(null));
  m['wallet ledger, page at 90%'] = await timed(REPS, () => ledger(deepRow[0]!));

  const openReports = Number(
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from public.moderation_reports where target_kind = 'asset' and status = 'open'`,
      )
    ).rows[0]!.n,
  );
  const queueCursor = await cursorAt(
    db,
    `select created_at::text as k, id from public.moderation_reports where target_kind = 'asset' and status = 'open'
      order by created_at desc, id desc offset $1 limit 1`,
    [Math.floor(openReports * 0.9)],
  );
  const queue = (after: string | null) =>
    asUser(db, s.moderator, (q) => q(`select public.moderator_queue('assets', 20, $1::jsonb)`, [after]));
  m['moderator queue, assets, first page'] = await timed(REPS, () => queue(null));
  m['moderator queue, assets, page at 90%'] = await timed(REPS, () => queue(queueCursor));

  // Decision 0169's lists. The products list and the bug reports as /rest/v1 runs the web app's
  // `.lte('created_at', t).or('created_at.lt.t,id.lt.i')`, 20 a page (and one more), no count.
  const products = (after: { k: string; id: string } | null) =>
    asUser(db, s.heavy, (q) =>
      q(
        `select id, name, gtin, sku, status, created_at from public.business_products
          where business_id = $1 and ($2::timestamptz is null or (created_at <= $2 and (created_at < $2 or id < $3::uuid)))
          order by created_at desc, id desc limit 21`,
        [s.heavy, after?.k ?? null, after?.id ?? null],
      ),
    );
  const productCursor = JSON.parse(
    await cursorAt(
      db,
      `select created_at::text as k, id from public.business_products where business_id = $1
        order by created_at desc, id desc offset 4499 limit 1`,
      [s.heavy],
    ),
  ) as { k: string; id: string };
  m['business products (5,000), first page'] = await timed(REPS, () => products(null));
  m['business products (5,000), page at 90%'] = await timed(REPS, () => products(productCursor));

  const reports = (after: { k: string; id: string } | null) =>
    asUser(db, s.admin, (q) =>
      q(
        `select id, error_message, status, priority, created_at from public.bug_reports
          where ($1::timestamptz is null or (created_at <= $1 and (created_at < $1 or id < $2::uuid)))
          order by created_at desc, id desc limit 21`,
        [after?.k ?? null, after?.id ?? null],
      ),
    );
  const reportCursor = JSON.parse(
    await cursorAt(
      db,
      `select created_at::text as k, id from public.bug_reports order by created_at desc, id desc offset 4499 limit 1`,
      [],
    ),
  ) as { k: string; id: string };
  m['bug reports (5,000), first page'] = await timed(REPS, () => reports(null));
  m['bug reports (5,000), page at 90%'] = await timed(REPS, () => reports(reportCursor));

  const userCount = Number((await db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]!.n);
  const userCursor = await cursorAt(
    db,
    `select created_at::text as k, id from auth.users order by created_at desc, id desc offset $1 limit 1`,
    [Math.floor(userCount * 0.9)],
  );
  const users = (after: string | null) =>
    asUser(db, s.admin, (q) => q('select public.admin_list_users(null, null, null, 25, $1::jsonb)', [after]));
  m['admin users, first page'] = await timed(REPS, () => users(null));
  m['admin users, page at 90%'] = await timed(REPS, () => users(userCursor));

  const referred = Number(
    (await db.query<{ n: number }>('select count(*)::int as n from public.referrals where referrer_id = $1', [s.heavy]))
      .rows[0]!.n,
  );
  const peopleCursor = await cursorAt(
    db,
    `select created_at::text as k, id from public.referrals where referrer_id = $1
      order by created_at desc, id desc offset $2 limit 1`,
    [s.heavy, Math.floor(referred * 0.9)],
  );
  const people = (after: string | null) =>
    asUser(db, s.heavy, (q) => q('select public.my_referred_users(20, $1::jsonb)', [after]));
  m['referred people, first page'] = await timed(REPS, () => people(null));
  m['referred people, page at 90%'] = await timed(REPS, () => people(peopleCursor));
}

const CLI = path.join(ROOT, 'apps/server/dist/cli/data.js');
let cliBuilt = false;

/** `npm run backup|restore -- FILE` as an operator runs it (the compiled CLI, after its build check). */
async function dataCli(args: string[], env: Record<string, string>): Promise<{ ms: number; out: string }> {
  if (!cliBuilt) {
    const build = spawnSync(process.execPath, ['scripts/builds.mjs', 'functions-api', 'verify', 'db', 'server'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server build failed');
    cliBuilt = true;
  }
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['--conditions=tagledger-compiled', CLI, ...args], {
    cwd: ROOT,
    env: childEnv,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`data ${args.join(' ')} exited with ${code}: ${out}`);
  return { ms, out };
}

const rowsIn = (out: string) => Number(/ (\d+) rows/.exec(out)?.[1] ?? NaN);

/**
 * A backup of the bench's database by `npm run backup` (on PGlite the CLI asks the running server,
 * whose folder is locked, as it does for an operator), then its restore by `npm run restore` into an
 * empty database (PostgreSQL) or an empty DATA_DIR (PGlite) with the deployment's backup key: the
 * migrations, the archive read and checked whole, then read again and loaded. The restored row count
 * must be the backup's.
 */
async function measureBackup(server: TestServer, n: number, m: Measures): Promise<void> {
  const backupName = 'backup, npm run backup (archive size, rows)';
  const restoreName = 'restore into an empty database, npm run restore';
  const driver = server.ctx.db.kind;
  const why = `linear in n by nature, beyond this run's window`;
  if (n > RESTORE_MAX) m[restoreName] = { p50: 0, p99: 0, skipped: `${why}${linearGuess(driver, n, restoreName)}` };
  if (n > BACKUP_MAX) {
    m[backupName] = { p50: 0, p99: 0, skipped: `${why}${linearGuess(driver, n, backupName)}` };
    return;
  }
  const file = path.join(os.tmpdir(), `tagledger-scale-${process.pid}-${driver}-${n}.backup.gz`);
  const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-scale-restore-'));
  let target: { url: string; drop: () => Promise<void> } | undefined;
  try {
    const backup = await dataCli(['backup', file], {
      DATA_DIR: server.dataDir,
      PORT: new URL(server.url).port,
      HOST: '127.0.0.1',
      ...(driver === 'pg' ? { DATABASE_URL: server.config.databaseUrl! } : {}),
    });
    // On PGlite the running server writes the archive and the CLI does not count its rows.
    const rows = rowsIn(backup.out);
    const bytes = fs.statSync(file).size;
    const size = `${(bytes / 2 ** 20).toFixed(0)} MB`;
    m[backupName] = {
      p50: backup.ms,
      p99: backup.ms,
      note: Number.isNaN(rows) ? size : `${size}, ${rows.toLocaleString('en')} rows`,
    };
    if (n > RESTORE_MAX) return;
    if (driver === 'pg') target = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    const restore = await dataCli(['restore', file], {
      DATA_DIR: restoreDir,
      BACKUP_KEY: fs.readFileSync(path.join(server.dataDir, 'keys', 'backup-key'), 'utf8').trim(),
      ...(target ? { DATABASE_URL: target.url } : {}),
    });
    const restored = rowsIn(restore.out);
    if (!Number.isNaN(rows) && restored !== rows)
      throw new Error(`the restore put back ${restore.out}, the backup had ${rows} rows`);
    m[backupName] = {
      p50: backup.ms,
      p99: backup.ms,
      note: `${(bytes / 2 ** 20).toFixed(0)} MB, ${restored.toLocaleString('en')} rows`,
    };
    m[restoreName] = { p50: restore.ms, p99: restore.ms };
  } finally {
    fs.rmSync(file, { force: true });
    fs.rmSync(restoreDir, { recursive: true, force: true });
    await target?.drop();
  }
}

/**
 * Grows faster than log n: from one size to the next (10× rows) log n grows by at most ×1.33
 * (10⁴→10⁵: log 10⁵ / log 10⁴ = 1.25); on a shared, loaded machine timings move by ±50% between
 * runs, so a figure is flagged when it more than doubles per 10× rows and rises by more than 2 ms.
 */
function growthFlag(values: number[]): boolean {
  return values.some((v, i) => i > 0 && v > 2 * values[i - 1]! && v - values[i - 1]! > 2);
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`);

/** p50 / p99; for a fixed-rate HTTP figure also the rate the server kept up with, and failures. */
const cell = (c: Figure, single = false) =>
  c.skipped
    ? `not run: ${c.skipped}`
    : (single ? fmt(c.p50) : `${fmt(c.p50)} / ${fmt(c.p99)}`) +
      (c.wallMs
        ? ` (${Math.round((RATE * DURATION * 1000) / c.wallMs)} req/s served${c.failed ? `, ${c.failed} failed` : ''})`
        : '') +
      (c.calls ? ` (${c.calls} calls)` : '') +
      (c.note ? ` (${c.note})` : '');

function growthTable(runs: Run[], driver: string): string[] {
  const mine = runs.filter((r) => r.driver === driver);
  if (!mine.length) return [];
  const names = [...new Set(mine.flatMap((r) => Object.keys(r.measures)))];
  const lines = [
    `| ${driver}: p50 / p99 | ${mine.map((r) => `n = ${r.n.toLocaleString('en')}`).join(' | ')} | faster than log n? |`,
    `|---|${mine.map(() => '---:').join('|')}|---|`,
    `| seeding (s) | ${mine.map((r) => r.seedSeconds.toFixed(0)).join(' | ')} | |`,
  ];
  for (const name of names) {
    const cells = mine.map((r) => r.measures[name]);
    const p50s = cells.filter((c): c is Figure => !!c && !c.skipped).map((c) => c.p50);
    const single = cells.every((c) => !c || c.skipped || c.p50 === c.p99);
    lines.push(
      `| ${name} | ${cells.map((c) => (!c ? '–' : cell(c, single))).join(' | ')} | ${
        p50s.length > 1 && growthFlag(p50s) ? '**yes**' : p50s.length > 1 ? 'no' : ''
      } |`,
    );
  }
  return lines;
}

function writeResults(runs: Run[], load: { before: number[]; after: number[] }): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const title = LISTS_ONLY ? '## Scale: the lists by cursor' : '## Scale';
  const section = [
    title,
    '',
    `\`npm run bench:scale\` (apps/server/bench/scale.ts), ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; load average ${load.before.map((l) => l.toFixed(1)).join(' ')} before, ` +
      `${load.after.map((l) => l.toFixed(1)).join(' ')} after (the machine is shared with other work). ` +
      `n rows each of assets, media rows, ledger entries, units and scans; n/10 users (≥ 1,000). ` +
      `HTTP figures at ${RATE} req/s for ${DURATION} s; list figures p50 / p99 of ${REPS} calls.`,
    '',
    ...growthTable(runs, 'pg'),
    '',
    ...growthTable(runs, 'pglite'),
    '',
  ].join('\n');
  console.log(section);
  const file = RESULTS_FILE;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = text.indexOf(`${title}\n`);
  let next = start >= 0 ? text.indexOf('\n## ', start + 1) : -1;
  if (next >= 0) next += 1;
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next >= 0 ? `\n${text.slice(next)}` : ''}`;
  fs.writeFileSync(file, updated.trimEnd() + '\n');
}

const runs: Run[] = [];
const loadBefore = os.loadavg();
// Sizes in increasing order, both drivers at each, so a run stopped early still has the small sizes of
// both; the results are written after every size.
const plan = [...new Set([...PG_SIZES, ...PGLITE_SIZES])]
  .sort((a, b) => a - b)
  .flatMap((n) =>
    DRIVERS.filter((d) => (d === 'pg' ? PG_SIZES : PGLITE_SIZES).includes(n)).map((driver) => ({ driver, n })),
  );
for (const { driver, n } of plan) {
  const server = await startTestServer({ driver, env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn' } });
  try {
    const started = performance.now();
    const seeded = await seed(server, n);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`${driver} n=${n}: seeded in ${seedSeconds.toFixed(0)} s (load ${os.loadavg()[0]!.toFixed(1)})`);
    const measures = await measure(server, seeded, n);
    runs.push({ driver, n, seedSeconds, measures });
    // Written before the backup too: a run stopped during a long backup keeps this size's figures.
    writeResults(runs, { before: loadBefore, after: os.loadavg() });
    await measureBackup(server, n, measures);
  } finally {
    await server.close();
  }
  writeResults(runs, { before: loadBefore, after: os.loadavg() });
}
