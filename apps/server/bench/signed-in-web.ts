// Signed-in screens on a phone (issue 29). Seeds a server (in this process, with the web build) with
// realistic data — an owner with 500 assets with photos (200 of them public) and 1,000 wallet entries,
// a business with a product of 10,000 units, 200 public assets reported to the moderators — then loads
// each screen in Debian's Chromium under Lighthouse's mobile throttling (4x CPU; 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up) and a phone's screen, as a returning user (the build's hashed files
// are in the HTTP cache, as they are for anyone who has used the app before; data and photos are not),
// and reads the page's LCP and CLS and its main interaction's INP with web-vitals. Median of RUNS loads
// per screen (default 5).
//   npm run build -w @tagledger/web && cd apps/server && npx tsx bench/signed-in-web.ts [--write]
// TEST_DATABASE_URL runs it on PostgreSQL (else PGlite); WEB_DIST names another build; SCREENS (names
// separated by bare commas: "Asset page,My Assets, filtered") measures only those rows. --write puts the
// table into the repository's bench/RESULTS.md ("Signed-in screens" section).
// WEB_DIST_B names a second build (a before/after comparison): a second server on the same database
// serves it, and each screen's loads alternate between the two builds (A, B, A, B…), so both see the
// same machine load; each screen then has a row per build (AB_LABELS, default "A,B").
// To see where a load's time goes: BENCH_WATERFALL=1 (requests and the LCP element), BENCH_PROFILE=<file>
// (a CPU profile), BENCH_TRACE=<file> (a Chrome trace of each load: main-thread tasks, paints, LCP
// candidates; with BENCH_SHOTS=1 also the filmstrip's screenshots). Use them with RUNS=1.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { buildApp, type BuiltApp } from '../src/app.js';
import { startTestServer, type TestServer } from '../test/helpers/test-server.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB_DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.RUNS ?? 5);
// Lighthouse's mobile preset slows the CPU 4x. Machines of one kind differ (scripts/cpu-reference.mjs
// spans 310–490 ms on this project's): BENCH_CPU_RATE=6 plays a phone half again as slow, to see the
// margin a fast machine's table leaves on a slow one.
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const ASSETS = 500;
const PUBLIC_ASSETS = 200;
const LEDGER_ENTRIES = 1000;
const UNITS = 10_000;
const REPORTS = 200;
const PASSWORD = 'bench-signed-in-password-1';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface Account {
  id: string;
  email: string;
  token: string;
  /** What supabase-js keeps in localStorage for a signed-in browser. */
  session: unknown;
}

async function account(server: TestServer, name: string): Promise<Account> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@bench.example`;
  const service = { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` };
  const user = await json<{ id: string }>(
    await fetch(`${server.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: name } }),
    }),
    `creating ${name}`,
  );
  const session = await json<{ access_token: string }>(
    await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
    `signing ${name} in`,
  );
  return { id: user.id, email, token: session.access_token, session };
}

/** A photo-like JPEG (noise over a gradient compresses like a photo), about 150 KB. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const noise = x % 40;
    pixels[i] = ((p % width) / width) * 200 + noise;
    pixels[i + 1] = (Math.floor(p / width) / height) * 200 + noise;
    pixels[i + 2] = ((seed * 37) % 200) + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Runs fn over 0..n-1, `width` at a time. */
async function inParallel(n: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

async function seed(server: TestServer) {
  const db = server.ctx.db;
  const [owner, brand, moderator] = [
    await account(server, 'Owner'),
    await account(server, 'Brand'),
    await account(server, 'Moderator'),
  ];
  await db.query('update public.user_profiles set is_business_user = true where id = $1', [brand.id]);
  await db.query(`update public.user_profiles set role = 'moderator' where id = $1`, [moderator.id]);
  const headers = (a: Account) => ({ apikey: server.anonKey, authorization: `Bearer ${a.token}` });

  // The wallet: a budget, small credits, and one spend per asset tagged below: 1,000 entries in all.
  const before = Number(
    (await db.query<{ n: string }>('select count(*) n from public.token_transactions where user_id = $1', [owner.id]))
      .rows[0]!.n,
  );
  await db.query(`select private.ledger_post($1, 100000, 'admin_adjustment', 'Bench budget')`, [owner.id]);
  for (let i = before + 1 + ASSETS; i < LEDGER_ENTRIES; i++)
    await db.query(`select private.ledger_post($1, 1, 'admin_adjustment', $2)`, [owner.id, `Bench credit ${i}`]);

  console.error(`seeding ${ASSETS} assets with photos…`);
  const assetIds: string[] = [];
  const kinds = ['general', 'digital', 'general', 'legacy'];
  await inParallel(ASSETS, 4, async (i) => {
    const name = `${owner.id}/pending/${crypto.randomUUID()}.jpg`;
    await json(
      await fetch(`${server.url}/storage/v1/object/asset-media/${name}`, {
        method: 'POST',
        headers: { ...headers(owner), 'content-type': 'image/jpeg' },
        body: new Uint8Array(await photo(i)),
      }),
      'uploading a photo',
    );
    const registered = await json<{ asset_id: string }>(
      await fetch(`${server.url}/functions/v1/register-asset`, {
        method: 'POST',
        headers: { ...headers(owner), 'content-type': 'application/json' },
        body: JSON.stringify({
          submissionId: crypto.randomUUID(),
          asset: {
            // Will-and-legacy assets are always private.
            kind: i < PUBLIC_ASSETS ? kinds[i % 2] : kinds[i % kinds.length],
            title: `Bench asset ${String(i + 1).padStart(3, '0')}`,
            description: 'A camera bought second-hand, with its receipt and a photo of its serial plate.',
            serial_number: `BENCH-${i + 1}`,
            privacy: i < PUBLIC_ASSETS ? 'public' : 'private',
          },
          media: [name],
        }),
      }),
      'registering an asset',
    );
    assetIds[i] = registered.asset_id;
  });
  const entries = Number(
    (await db.query<{ n: string }>('select count(*) n from public.token_transactions where user_id = $1', [owner.id]))
      .rows[0]!.n,
  );

  console.error(`seeding a product of ${UNITS} units and ${REPORTS} reports…`);
  const product = await json<Array<{ id: string }>>(
    await fetch(`${server.url}/rest/v1/business_products?select=id`, {
      method: 'POST',
      headers: { ...headers(brand), 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ business_id: brand.id, name: 'Trail running shoe', sku: 'TRS-1' }),
    }),
    'creating the product',
  );
  const csv = ['serial', ...Array.from({ length: UNITS }, (_, i) => `TRS-${String(i).padStart(6, '0')}`)].join('\n');
  await json(
    await fetch(`${server.url}/functions/v1/import-units`, {
      method: 'POST',
      headers: { ...headers(brand), 'content-type': 'application/json' },
      body: JSON.stringify({ productId: product[0]!.id, csv }),
    }),
    'importing units',
  );
  for (let i = 0; i < REPORTS; i++)
    await db.query(
      `select private.submit_moderation_report('asset', $1, null, null, 'inappropriate', 'Bench report', null, $2)`,
      [assetIds[i], `10.0.${Math.floor(i / 250)}.${i % 250}`],
    );
  return { owner, brand, moderator, assetIds, productId: product[0]!.id, entries };
}

interface Screen {
  name: string;
  path: string;
  who: 'owner' | 'brand' | 'moderator';
  /** What shows once the screen has its data. */
  ready: (page: Page) => Promise<unknown>;
  interaction: string;
  /** The main interaction; resolves when its result shows. */
  act: (page: Page) => Promise<unknown>;
}

/** What the page keeps of web-vitals' reports (see the init script below). */
interface Vitals {
  __vitals: Record<string, number>;
}

// BENCH_ATTRIBUTION=1 uses the build that says which element shifted and what the interaction waited on.
const WEB_VITALS = fs.readFileSync(
  path.join(
    ROOT,
    `node_modules/web-vitals/dist/web-vitals${process.env.BENCH_ATTRIBUTION ? '.attribution' : ''}.iife.js`,
  ),
  'utf8',
);

async function measure(context: BrowserContext, screen: Screen, url: string) {
  const page = await context.newPage();
  if (process.env.BENCH_ATTRIBUTION) page.on('console', (m) => m.text().startsWith('shift') && console.error(m.text()));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  // BENCH_WATERFALL=1 prints each request's start and end (ms after the navigation), the bytes it took on
  // the wire, and the LCP element, to see what the largest paint waited for.
  const waterfall = new Map<string, { url: string; start: number; end?: number; bytes?: number; cached?: boolean }>();
  let origin = 0;
  if (process.env.BENCH_WATERFALL) {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!origin) origin = e.timestamp;
      waterfall.set(e.requestId, { url: `${e.request.method} ${e.request.url}`, start: e.timestamp });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = waterfall.get(e.requestId);
      if (r) r.cached = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = waterfall.get(e.requestId);
      if (r) {
        r.end = e.timestamp;
        r.bytes = e.encodedDataLength;
      }
    });
  }
  if (process.env.BENCH_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  // BENCH_TRACE=<file>: a Chrome trace of the load (the last load's, with RUNS > 1).
  const browser = context.browser();
  if (process.env.BENCH_TRACE && browser)
    await browser.startTracing(page, { path: process.env.BENCH_TRACE, screenshots: Boolean(process.env.BENCH_SHOTS) });
  // Playwright's locators run a script of its own in the page (~300 KB, evaluated on the page's main
  // thread at first use, then polling): used from the first moment, it took ~70 ms of the throttled
  // CPU in the middle of the load it measures, which no person's browser spends. So the bench leaves
  // the page alone until its network has been idle for 500 ms (Playwright watches that from the
  // browser's side), and only then checks that the screen shows its data.
  await page.goto(url, { waitUntil: 'networkidle' });
  await screen.ready(page);
  if (process.env.BENCH_TRACE && browser) {
    await page.waitForTimeout(1000);
    await browser.stopTracing();
  }
  if (process.env.BENCH_PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  }
  // LCP is final once the screen has its data and nothing more paints; the interaction would end it too.
  await page.waitForTimeout(1500);
  if (process.env.BENCH_WATERFALL) {
    const ms = (t?: number) => (t === undefined ? '…' : String(Math.round((t - origin) * 1000)));
    for (const r of waterfall.values())
      if (!r.cached)
        console.error(
          `  ${ms(r.start)}–${ms(r.end)} ${((r.bytes ?? 0) / 1024).toFixed(1)} KB ${r.url.replace(/^(\w+ )https?:\/\/[^/]+/, '$1').slice(0, 110)}`,
        );
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          new PerformanceObserver((list) => {
            // The LCP entry's fields (the bench is typed without the DOM's types).
            const last = list.getEntries().at(-1) as PerformanceEntry & {
              element?: { tagName: string; textContent: string | null };
              url?: string;
            };
            resolve(
              `${Math.round(last.startTime)} ms ${last.element?.tagName ?? ''} ${last.url ?? ''} ${(last.element?.textContent ?? '').slice(0, 60)}`,
            );
          }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true }),
        ),
    );
    console.error(`  LCP ${lcp}`);
  }
  const load = await page.evaluate(() => ({ ...(globalThis as unknown as Vitals).__vitals }));
  await screen.act(page);
  await page.waitForTimeout(500);
  const after = await page.evaluate(() => ({ ...(globalThis as unknown as Vitals).__vitals }));
  await page.close();
  // web-vitals reports an interaction only above its 16 ms threshold: none means a faster one.
  return { lcp: load.LCP ?? NaN, cls: load.CLS ?? 0, inp: after.INP ?? 16 };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`no web build in ${WEB_DIST}`);
  const driver = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';
  // The page's configuration names the server by SITE_URL, which must be known before it starts.
  const port = await freePort();
  const server = await startTestServer({
    driver,
    port,
    env: { RATE_LIMITS: 'off', SITE_URL: `http://127.0.0.1:${port}` },
    overrides: { webDist: WEB_DIST },
  });
  // The comparison's second build, served on the same database (same keys, so the same sessions).
  let serverB: BuiltApp | undefined;
  let urlB = '';
  if (process.env.WEB_DIST_B) {
    const portB = await freePort();
    urlB = `http://127.0.0.1:${portB}`;
    serverB = await buildApp(
      {
        ...server.config,
        webDist: path.resolve(process.env.WEB_DIST_B),
        siteUrl: urlB,
        publicUrl: urlB,
        storagePublicUrl: urlB,
      },
      { db: server.ctx.db },
    );
    await serverB.app.listen({ port: portB, host: '127.0.0.1' });
  }
  const [labelA, labelB] = (process.env.AB_LABELS ?? 'A,B').split(',');
  try {
    const started = Date.now();
    const data = await seed(server);
    console.error(`seeded in ${Math.round((Date.now() - started) / 1000)} s (${data.entries} wallet entries)`);
    const screens: Screen[] = [
      {
        name: 'Dashboard',
        path: '/dashboard',
        who: 'owner',
        ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
        interaction: 'open the wallet',
        act: async (p) => {
          await p.locator('#main a[href="/wallet"]').first().click();
          await p.getByRole('list', { name: 'Transactions' }).waitFor();
        },
      },
      {
        name: 'My Assets',
        path: '/assets',
        who: 'owner',
        ready: (p) =>
          p
            .getByRole('link', { name: /Bench asset/ })
            .first()
            .waitFor(),
        interaction: 'open an asset',
        act: async (p) => {
          await p
            .getByRole('link', { name: /Bench asset/ })
            .first()
            .click();
          await p.getByRole('heading', { level: 1, name: /Bench asset/ }).waitFor();
        },
      },
      {
        name: 'My Assets, filtered',
        path: '/assets',
        who: 'owner',
        ready: (p) =>
          p
            .getByRole('link', { name: /Bench asset/ })
            .first()
            .waitFor(),
        interaction: 'filter by kind',
        act: async (p) => {
          // As a person on a keyboard: typing "d" on the focused Kind list picks "Digital asset / NFT".
          // Playwright's selectOption() sets the value by script, whose events are not a person's
          // (untrusted), so web-vitals never saw an interaction: this row read 16 ms, its floor.
          const kind = p.getByRole('combobox', { name: 'Kind' });
          await kind.focus();
          await p.keyboard.press('d');
          if ((await kind.inputValue()) !== 'digital') throw new Error('the Kind filter did not change');
          await p.waitForLoadState('networkidle');
        },
      },
      {
        name: 'Asset page',
        path: '/assets/:id',
        who: 'owner',
        ready: (p) => p.getByRole('heading', { level: 1, name: /Bench asset/ }).waitFor(),
        interaction: 'back to My Assets (its link)',
        act: async (p) => {
          await p.locator('#main a[href="/assets"]').first().click();
          await p
            .getByRole('link', { name: /Bench asset/ })
            .first()
            .waitFor();
        },
      },
      {
        name: 'Wallet',
        path: '/wallet',
        who: 'owner',
        ready: (p) => p.getByRole('list', { name: 'Transactions' }).locator('li').first().waitFor(),
        interaction: 'load the next 20 entries',
        act: async (p) => {
          const entries = p.getByRole('list', { name: 'Transactions' }).locator('li');
          const shown = await entries.count();
          await p.getByRole('button', { name: 'Load more' }).click();
          await entries.nth(shown).waitFor();
        },
      },
      {
        name: 'Business products',
        path: '/business/products',
        who: 'brand',
        ready: (p) => p.getByText('Trail running shoe').first().waitFor(),
        interaction: 'open the product (10,000 units)',
        act: async (p) => {
          await p
            .getByRole('link', { name: /Trail running shoe/ })
            .first()
            .click();
          await p.getByText('TRS-0').first().waitFor();
        },
      },
      {
        name: 'Moderator queues',
        path: '/moderator',
        who: 'moderator',
        ready: async (p) => {
          await p.getByRole('tab', { name: /Reported public assets/ }).waitFor();
          await p.waitForLoadState('networkidle');
        },
        interaction: 'switch to the 200 reported assets',
        act: async (p) => {
          await p.getByRole('tab', { name: /Reported public assets/ }).click();
          await p
            .getByRole('tabpanel')
            .getByText(/Bench asset/)
            .first()
            .waitFor();
        },
      },
    ];

    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const storageKey = `sb-${new URL(server.url).hostname.split('.')[0]}-auth-token`;
    const rows: string[] = [];
    // SCREENS="Dashboard,Asset page" measures only those rows (a check of one fix, not for --write).
    // A comma and a space belong to a name ("My Assets, filtered"); a bare comma separates names.
    const only = process.env.SCREENS?.split(/,(?! )/).map((n) => n.trim());
    for (const screen of screens.filter((s) => !only || only.includes(s.name))) {
      const who = data[screen.who];
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      // web-vitals' browser build defines the global webVitals, in the page before the app.
      await context.addInitScript({ content: `${WEB_VITALS}\nglobalThis.webVitals = webVitals;` });
      await context.addInitScript(
        ({ key, session }) => {
          const w = globalThis as unknown as Vitals & {
            localStorage: { setItem(k: string, v: string): void };
            webVitals: Record<string, (cb: (m: { value: number }) => void, o?: object) => void>;
          };
          w.localStorage.setItem(key, JSON.stringify(session));
          w.__vitals = {};
          // No named functions in here: tsx would wrap them in a helper the page does not have.
          w.webVitals.onLCP!((m) => (w.__vitals.LCP = m.value), { reportAllChanges: true });
          w.webVitals.onCLS!(
            (m) => {
              w.__vitals.CLS = m.value;
              const a = (m as { attribution?: { largestShiftTarget?: string; largestShiftValue?: number } })
                .attribution;
              if (a?.largestShiftTarget) console.log(`shift ${a.largestShiftValue} ${a.largestShiftTarget}`);
            },
            { reportAllChanges: true },
          );
          w.webVitals.onINP!((m) => (w.__vitals.INP = m.value), { reportAllChanges: true, durationThreshold: 16 });
        },
        { key: storageKey, session: who.session },
      );
      const screenPath = screen.path.replace(':id', data.assetIds[PUBLIC_ASSETS + 1]!);
      const url = `${server.url}${screenPath}`;
      const targets = serverB ? [url, `${urlB}${screenPath}`] : [url];
      // A returning user: the app's files come from the HTTP cache (one unthrottled visit first).
      const warm = await context.newPage();
      for (const target of targets) {
        await warm.goto(target);
        await screen.ready(warm);
      }
      if (process.env.BENCH_DUMP) {
        // What the screen offers, to write its interaction against.
        console.log(
          screen.name,
          await warm
            .locator('#main a, #main button, #main select, [role=tab]')
            .evaluateAll((els) =>
              els
                .slice(0, 25)
                .map(
                  (e) => `${e.tagName} ${e.getAttribute('href') ?? ''} ${(e.textContent ?? '').trim().slice(0, 30)}`,
                ),
            ),
        );
        await warm.close();
        continue;
      }
      await warm.close();
      const results: Array<Awaited<ReturnType<typeof measure>>>[] = targets.map(() => []);
      try {
        for (let i = 0; i < RUNS; i++)
          for (const [t, target] of targets.entries()) results[t]!.push(await measure(context, screen, target));
      } catch (err) {
        const reason = (err as Error).message.split('\n')[0];
        console.error(`${screen.name}: ${reason}`);
        rows.push(`| ${screen.name} | \`${screen.path}\` | not measured: ${reason} | | | |`);
        await context.close();
        continue;
      }
      await context.close();
      for (const [t, runs] of results.entries()) {
        const lcp = runs.map((r) => r.lcp);
        const cls = runs.map((r) => r.cls);
        const inp = runs.map((r) => r.inp);
        const name = serverB ? `${screen.name} (${t === 0 ? labelA : labelB})` : screen.name;
        const row =
          `| ${name} | \`${screen.path}\` | ${(median(lcp) / 1000).toFixed(2)} s (${lcp.map((x) => (x / 1000).toFixed(2)).join('/')}) ` +
          `| ${median(cls).toFixed(3)} | ${screen.interaction} | ${Math.round(median(inp))} ms (${inp.map(Math.round).join('/')}) |`;
        console.log(row);
        rows.push(row);
      }
    }
    await browser.close();
    if (process.argv.includes('--write')) {
      if (only) throw new Error('--write needs every screen: drop SCREENS');
      if (serverB) throw new Error('--write takes one build: drop WEB_DIST_B');
      write(rows, driver, data.entries);
    }
  } finally {
    await serverB?.app.close();
    await server.close();
  }
}

/** How fast this machine's cores are, as `npm test` reports it (scripts/cpu-reference.mjs). */
function cpuReferenceMs(): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'scripts/cpu-reference.mjs')], { encoding: 'utf8' }).trim();
}

function write(rows: string[], driver: string, entries: number) {
  const file = path.join(ROOT, 'bench/RESULTS.md');
  const start = '<!-- signed-in-screens:start -->';
  const end = '<!-- signed-in-screens:end -->';
  const section = [
    start,
    `## Signed-in screens on a phone (issue 29), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`cd apps/server && npx tsx bench/signed-in-web.ts --write\` on ${driver}, with the web build of \`npm run build -w @tagledger/web\`:`,
    `${ASSETS} assets with a photo each (${PUBLIC_ASSETS} public), ${entries} wallet entries, a product of ${UNITS.toLocaleString('en')}`,
    `units, ${REPORTS} reports in the moderators' queue. Debian's Chromium, 412×823 phone screen, ${CPU_RATE}x CPU, 150 ms`,
    'round trip, 1.6 Mbit/s down; a returning user (the build in the HTTP cache, data and photos not).',
    `LCP, CLS and INP by web-vitals; median of ${RUNS} loads (single loads in brackets).`,
    `The machine: a fixed loop of work (\`node scripts/cpu-reference.mjs\`) took ${cpuReferenceMs()} ms; machines of`,
    'one kind differ, so a table compares with another only at a similar figure (A/B runs compare builds).',
    '',
    '| screen | path | LCP | CLS | main interaction | INP |',
    '|---|---|---:|---:|---|---:|',
    ...rows,
    end,
  ].join('\n');
  const text = fs.readFileSync(file, 'utf8');
  const next = text.includes(start)
    ? text.slice(0, text.indexOf(start)) + section + text.slice(text.indexOf(end) + end.length)
    : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}

await main();
