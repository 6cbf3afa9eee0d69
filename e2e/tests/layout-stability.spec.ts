// Signed-in screens keep still while their data comes (issue 29, CLS 0): on a phone, the dashboard, an
// asset page and the moderators' queues paint first, then their data is let through; nothing that was
// on screen may move. The data is held back until the screen has painted, so "after" is certain rather
// than a race; the shifts are the browser's own layout-shift entries (no timings).
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { createUser, e2eEnv, expect, openSignedIn, test } from '../fixtures/index.ts';
import { JPEG } from '../fixtures/files.ts';
import { watchLayoutShifts } from '../fixtures/layout-shifts.ts';

test.use({ viewport: { width: 390, height: 800 } });

// On a phone the header's balance pill grows from its first guess to the balance (a 360 px header has
// no room to reserve): that moves only the pill itself, and is all it may move.
const watchShifts = (page: Page) => watchLayoutShifts(page, { allowedWithin: '[data-testid="header-balance"]' });

/** Holds back the requests whose URL matches until `release()`. */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Two frames after the last change, so that any shift it caused has been reported. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function serviceRpc(name: string, body: unknown): Promise<void> {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: e2eEnv.serviceKey,
      authorization: `Bearer ${e2eEnv.serviceKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
}

test('the dashboard and an asset page do not move when their activity and photo come', async ({ page, context }) => {
  test.setTimeout(120_000);
  const owner = await createUser({ fullName: 'Still Owner' });
  await serviceRpc('admin_adjust_tokens', { p_user_id: owner.id, p_amount: 300, p_reason: 'E2E layout' });
  const title = `Steady lamp ${crypto.randomBytes(3).toString('hex')}`;
  await openSignedIn(page, owner, '/tag');
  await page.getByTestId('tag-file-input').setInputFiles([{ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(page.getByTestId('tag-cost')).toContainText('TMT');
  await page.getByRole('button', { name: /^Register for \d+ TMT$/ }).click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const assetUrl = new URL(page.url()).pathname;

  // The dashboard: its recent activity held until the screen has painted.
  const dashboard = await context.newPage();
  const dashboardShifts = await watchShifts(dashboard);
  let release = await hold(dashboard, /\/rest\/v1\/token_transactions/);
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(dashboard.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
  await settled(dashboard);
  release();
  await expect(dashboard.getByText(/Tagged asset|E2E layout/).first()).toBeVisible();
  await expect(dashboard.getByText('Welcome back,')).toBeVisible();
  await settled(dashboard);
  expect(await dashboardShifts.moved()).toEqual([]);

  // An asset page: the photo's signed URLs held until the page has painted.
  const asset = await context.newPage();
  const assetShifts = await watchShifts(asset);
  release = await hold(asset, /\/storage\/v1\/object\/sign\//);
  await asset.goto(assetUrl);
  await expect(asset.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await settled(asset);
  release();
  const photo = asset.getByRole('img', { name: 'File 1 of 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await settled(asset);
  expect(await assetShifts.moved()).toEqual([]);
});

test('the moderators’ queue tabs keep their places when the counts come', async ({ page }) => {
  const moderator = await createUser({ role: 'moderator' });
  await openSignedIn(page, moderator);
  const pageShifts = await watchShifts(page);
  const release = await hold(page, /\/rest\/v1\/rpc\/moderator_queue_counts/);
  await page.goto('/moderator');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderator Panel' })).toBeVisible();
  await expect(page.getByRole('tab').first()).toBeVisible();
  await settled(page);
  release();
  await expect(page.getByRole('tab').first().locator('span:not([aria-hidden])')).toBeVisible();
  await settled(page);
  expect(await pageShifts.moved()).toEqual([]);
});

// A returning user's first screen is ready before the app's first render (router.tsx, loadFirstScreen),
// and the header's menus are not a Suspense boundary (lib/deferred-component.tsx): no loading fallback
// shows, whose replacement React would reveal only 300 ms after it (issue 29: the dashboard's largest
// paint came 150–250 ms later on a phone). Every time the screen's spinner (router.tsx, ScreenLoading)
// enters the page is recorded from the page's first script on.
test('a returning user’s first screen shows without a loading fallback', async ({ page }) => {
  const owner = await createUser({ fullName: 'Prompt Owner' });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { screenSpinners?: string[] }).screenSpinners = seen;
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes)
          if (
            node instanceof Element &&
            (node.matches('[data-testid="screen-loading"]') || node.querySelector('[data-testid="screen-loading"]'))
          )
            seen.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const [path, heading] of [
    ['/dashboard', 'Dashboard'],
    ['/wallet', 'TMT Wallet'],
  ] as const) {
    await openSignedIn(page, owner, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => (window as { screenSpinners?: string[] }).screenSpinners)).toEqual([]);
  }
});
