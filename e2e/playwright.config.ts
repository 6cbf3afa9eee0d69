// End-to-end tests: Debian's Chromium against the built web app served by one real server
// (fresh PGlite data dir, SMTP to a local sink). global-setup.ts starts both; the base URL,
// keys and mailbox folder reach the test workers through environment variables. With
// TEST_DATABASE_URL set, postgres-setup.ts starts a second server on PostgreSQL for the specs in
// POSTGRES_SPECS (project "postgres").
import { defineConfig, devices } from '@playwright/test';
import { POSTGRES_PROJECT } from './fixtures/drivers.ts';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** The journeys of issue 32 that must hold on both databases: paying, news in two languages, places. */
const POSTGRES_SPECS = ['paystack.spec.ts', 'mtn-momo.spec.ts', 'news-languages.spec.ts', 'asset-place.spec.ts'];

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  globalSetup: ['./global-setup.ts', ...(ON_POSTGRES ? ['./postgres-setup.ts'] : [])],
  // One test at a time. Two (E2E_WORKERS=2; the turns of fixtures/turns.ts keep the clock's tests
  // alone) saved only 606 → 528 s on an idle 2-core machine of this kind: Chromium, the server and
  // the runner already keep both cores busy (decision 0162, third amendment). The bounds below are
  // twice what a test alone needs on that machine, so a slower machine of this kind does not fail a
  // test by its clock; they are limits, not measurements.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  fullyParallel: true,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: './test-results',
  use: {
    // Set by global-setup (workers inherit its environment); fixtures also read it directly.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 40_000,
  },
  projects: [
    { name: 'chromium', use: CHROMIUM },
    // The second driver (decision 0166): these journeys again, against a server on PostgreSQL
    // (postgres-setup.ts), when TEST_DATABASE_URL names one, as the server and database suites do.
    ...(ON_POSTGRES ? [{ name: POSTGRES_PROJECT, testMatch: POSTGRES_SPECS, use: CHROMIUM }] : []),
  ],
});
