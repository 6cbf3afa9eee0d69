// The second driver (decision 0166): when TEST_DATABASE_URL is set, the journeys that must hold on
// both databases (playwright.config.ts, POSTGRES_SPECS) run again, in the "postgres" project,
// against a second real server whose DATABASE_URL is a fresh database made from the migrated
// template on that PostgreSQL (as the server suites make theirs). It runs after global-setup.ts and
// shares its web build and mail sink; it has its own Paystack and MTN MoMo servers (a webhook goes
// to one server) and no Stripe. fixtures/index.ts points the postgres project's workers at it
// through the E2E_PG_* variables set here. Returns the teardown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMigratedTestDatabase } from '@tagledger/db/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, apiKeys, freePort, startServerProcess, waitForHealth } from './global-setup.ts';
import { startPaymentFakes } from './payment-fakes.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: postgres-setup.ts runs after global-setup.ts, with TEST_DATABASE_URL`);
  return value;
}

export default async function postgresSetup(): Promise<() => Promise<void>> {
  const database = await createMigratedTestDatabase(required('TEST_DATABASE_URL'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-e2e-pg-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const fakes = await startPaymentFakes(baseURL);
  const logFile = path.join(work, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // The settings of global-setup.ts's server (kept there to keep its diff small while the e2e
  // setup is being reworked), with the database on PostgreSQL and no Stripe.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    SITE_URL: baseURL,
    SMTP_URL: required('E2E_SMTP_URL'),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMITS: 'off',
    TRUST_PROXY: 'loopback',
    TEST_CLOCK: 'on',
    LOG_LEVEL: 'warn',
    WEB_DIST: required('E2E_WEB_BUILD'),
    ...fakes.serverEnv,
  };
  for (const name of Object.keys(env)) if (name.startsWith('STRIPE_')) delete env[name];
  const server = startServerProcess(env, log);

  const teardown = async () => {
    await server.stop();
    await fakes.close();
    fs.closeSync(log);
    if (process.env.E2E_KEEP === '1') return;
    await database.drop();
    fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server.child, 180_000);
  } catch (err) {
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
    await teardown();
    throw err;
  }
  const keys = apiKeys(env);
  Object.assign(process.env, {
    E2E_PG_BASE_URL: baseURL,
    E2E_PG_SERVICE_KEY: keys.serviceRoleKey,
    E2E_PG_ANON_KEY: keys.anonKey,
    E2E_PG_SERVER_LOG: logFile,
    ...fakes.specEnv('E2E_PG_'),
  });
  return teardown;
}
