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

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 as
 * /usr/bin/chromium without the desktop browser around them, which is what Playwright runs for headless
 * Chromium by default. On this 2-core machine kind it took 150 CPU seconds where the full browser took
 * 256 for the same 51 tests (decision 0175). `E2E_CHROMIUM=/usr/bin/chromium` runs the full browser
 * for every spec.
 */
const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
/** The full browser, for the specs that need it (FULL_BROWSER_SPECS). */
const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * No trace is recorded unless asked for (`E2E_TRACE=retain-on-failure`, or `on`): recording one for every
 * test (screencast frames and a DOM snapshot per action) cost a third of the level's CPU time, and a
 * trace that is thrown away when the test passes helps no one (decision 0175).
 */
const TRACE_MODES = ['off', 'on', 'retain-on-failure'] as const;
const TRACE = TRACE_MODES.find((mode) => mode === (process.env.E2E_TRACE ?? 'off'));
if (!TRACE) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}`);

/** The specs that need the full browser: a PDF shown in a frame by Chromium's PDF viewer (an extension). */
const FULL_BROWSER_SPECS = ['assets.spec.ts'];

const chromium = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath,
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
});
const CHROMIUM = chromium(CHROMIUM_PATH);

export default defineConfig({
  testDir: './tests',
  globalSetup: ['./global-setup.ts', ...(ON_POSTGRES ? ['./postgres-setup.ts'] : [])],
  // Two tests at a time (the turns of fixtures/turns.ts keep the clock's tests alone). With the full
  // browser recording a trace, one worker already kept both cores busy (decision 0162); in the headless
  // shell without traces one worker left the machine idle half the time, and two took the level from
  // 502 to 346 s (decision 0175). The bounds below are twice what a test alone needs on this machine kind,
  // so a slower machine does not fail a test by its clock; they are limits, not measurements.
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
    trace: TRACE,
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 40_000,
  },
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS, use: CHROMIUM },
    { name: 'chromium-full', testMatch: FULL_BROWSER_SPECS, use: chromium(FULL_CHROMIUM_PATH) },
    // The second driver (decision 0166): these journeys again, against a server on PostgreSQL
    // (postgres-setup.ts), when TEST_DATABASE_URL names one, as the server and database suites do.
    ...(ON_POSTGRES ? [{ name: POSTGRES_PROJECT, testMatch: POSTGRES_SPECS, use: CHROMIUM }] : []),
  ],
});
