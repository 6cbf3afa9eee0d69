// Starts what the e2e tests run against: a private build of the web app, an
// SMTP sink, a local Stripe-compatible server (checkout page + signed webhooks), local Paystack and
// MTN MoMo servers (payment-fakes.ts), and the real server on a free port with a fresh DATA_DIR.
// Returns the teardown. (postgres-setup.ts then starts a second server, on PostgreSQL.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeStripe } from '@tagledger/test-kit/fake-stripe';
import { startFileMailSink } from './fixtures/mail-sink.ts';
import { startPaymentFakes } from './payment-fakes.ts';
import { startTurnServer } from './fixtures/turns.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN_EMAIL = 'admin@e2e.example.com';
export const ADMIN_PASSWORD = 'admin-e2e-password-1';

/** What this setup uses of the repository's build script (a plain .mjs file outside the workspaces). */
interface Builds {
  targets: Record<'functions-api' | 'verify' | 'db' | 'server' | 'web', { out: string }>;
  isFresh(target: unknown): boolean;
}
const builds = (await import(pathToFileURL(path.join(ROOT, 'scripts/builds.mjs')).href)) as Builds;
const STAMP = '.build-stamp';

/**
 * The run's own copy of the web app: `npm run build`'s apps/web/dist when it is current for the
 * sources (scripts/builds.mjs's fingerprint; `npm test` builds just before the e2e level), copied so
 * that a rebuild during the run cannot swap the assets under the server; otherwise a build of its own.
 * Copying takes a second where building takes a minute or two of CPU.
 */
function privateWebBuild(into: string): void {
  const web = builds.targets.web;
  if (builds.isFresh(web)) {
    const stamp = fs.readFileSync(path.join(web.out, STAMP), 'utf8');
    fs.cpSync(web.out, into, { recursive: true, filter: (from) => path.basename(from) !== '.servers' });
    // A rebuild that landed during the copy would leave a mix of two builds: build instead.
    if (fs.readFileSync(path.join(into, STAMP), 'utf8') === stamp && builds.isFresh(web)) return;
    fs.rmSync(into, { recursive: true, force: true });
  }
  const build = spawnSync('npx', ['vite', 'build', '--outDir', into, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
}

/**
 * How the server's scripts are run: their compiled JavaScript, as `npm start` runs it, when that
 * build is current for the sources (as apps/server/test/helpers/server-process.ts decides), otherwise
 * the sources through tsx. Both run the same code; the compiled one starts without compiling TypeScript.
 */
const compiledServer = (['functions-api', 'verify', 'db', 'server'] as const).every((name) =>
  builds.isFresh(builds.targets[name]),
);
/** Node's arguments for a script of the server, named by its path under src without extension ('server', 'cli/keys'). */
export const serverScript = (name: string): string[] =>
  compiledServer
    ? ['--conditions=tagledger-compiled', `apps/server/dist/${name}.js`]
    : ['--import', 'tsx', `apps/server/src/${name}.ts`];

/**
 * The server as a child process writing to `log`, killed if the runner dies without its teardown;
 * `stop` asks it to end (SIGTERM) and kills it after 10 s. Shared by both e2e servers.
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  log: number,
): { child: ChildProcess; stop: () => Promise<void> } {
  const child = spawn(process.execPath, serverScript('server'), { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const stop = async () => {
    process.removeListener('exit', kill);
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
  };
  return { child, stop };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before becoming healthy`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** ANON_KEY and SERVICE_ROLE_KEY as `npm run keys` prints them for the server's environment. */
export function apiKeys(env: NodeJS.ProcessEnv): { anonKey: string; serviceRoleKey: string } {
  const run = spawnSync(process.execPath, serverScript('cli/keys'), {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  const value = (name: string) => new RegExp(`^${name}=(.+)$`, 'm').exec(run.stdout)?.[1];
  const anonKey = value('ANON_KEY');
  const serviceRoleKey = value('SERVICE_ROLE_KEY');
  if (run.status !== 0 || !anonKey || !serviceRoleKey) throw new Error(`npm run keys failed: ${run.stderr}`);
  return { anonKey, serviceRoleKey };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-e2e-'));
  const dataDir = path.join(work, 'data');
  const mailDir = path.join(work, 'mail');

  // The server reads index.html once at start and serves hashed assets from disk. A shared
  // apps/web/dist that someone rebuilds mid-run would swap the assets under it, so the run gets its
  // own copy of a current build, or its own build (or E2E_WEB_DIST, a build made beforehand, e.g. by CI).
  const webDist = process.env.E2E_WEB_DIST ?? path.join(work, 'web-dist');
  if (!process.env.E2E_WEB_DIST) privateWebBuild(webDist);
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`no index.html in ${webDist}`);
  const sink = await startFileMailSink(mailDir);
  // The two workers' turns: a test that moves the application clock runs alone (fixtures/turns.ts).
  const turns = await startTurnServer();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Its checkout page's "Pay" button delivers the signed checkout.session.completed event to the
  // server's webhook, then returns to the app, as Stripe Checkout does.
  const stripe = await startFakeStripe({ webhookUrl: `${baseURL}/functions/v1/stripe-webhook` });
  const fakes = await startPaymentFakes(baseURL);

  const logFile = path.join(work, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // Always the embedded database: a fresh, isolated one per run.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: baseURL,
    SMTP_URL: sink.smtpUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMITS: 'off',
    // The test runner stands in for a proxy: a scan sent with X-Forwarded-For counts as that address,
    // so a journey can have several different people scan a label (the scan signals count scanners,
    // not requests). Chromium's own requests carry no such header and stay 127.0.0.1.
    TRUST_PROXY: 'loopback',
    // Test-only: POST /test/v1/clock lets the legacy journey advance months (tests/legacy.spec.ts).
    TEST_CLOCK: 'on',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    ...stripe.serverEnv(),
    ...fakes.serverEnv,
  };
  const server = startServerProcess(env, log);

  const teardown = async () => {
    await server.stop();
    await sink.close();
    await turns.close();
    await stripe.close();
    await fakes.close();
    fs.closeSync(log);
    if (process.env.E2E_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server.child, 180_000);
  } catch (err) {
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
    await teardown();
    throw err;
  }

  // The server generated its signing key in DATA_DIR; its keys command prints the API keys for it.
  const keys = apiKeys(env);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = sink.smtpUrl;
  process.env.E2E_TURNS_URL = turns.url;
  process.env.E2E_SERVICE_KEY = keys.serviceRoleKey;
  process.env.E2E_ANON_KEY = keys.anonKey;
  process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
  process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;
  process.env.E2E_SERVER_LOG = logFile;
  // The build's lists (prerendered/routes.json: the app's route table), which specs read (fixtures/routes.ts).
  process.env.E2E_WEB_BUILD = webDist;
  // The local Stripe-compatible server's API (tests/buy-tokens.spec.ts issues a refund as the dashboard would).
  process.env.E2E_STRIPE_API_BASE = stripe.apiBase;
  process.env.E2E_STRIPE_SECRET_KEY = stripe.secretKey;
  // The local Paystack and MTN MoMo servers (tests/paystack.spec.ts, tests/mtn-momo.spec.ts).
  Object.assign(process.env, fakes.specEnv('E2E_'));
  return teardown;
}
