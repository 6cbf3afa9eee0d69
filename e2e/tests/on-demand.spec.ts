// Decision 0133: a prerendered page whose only controls are links and the language menu loads no
// application JavaScript for a signed-out English reader until they interact; everyone else gets the
// app at once, as before. Checked through the scripts the browser requests, never through timings.
import type { Page } from '@playwright/test';
import { createUser, expect, openSignedIn, test } from '../fixtures/index.ts';

/** Paths of the JavaScript files the page requests, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  return scripts;
}

/**
 * The served page's one <script type="module">, the entry (src/boot.ts), and the chunks it imports,
 * which the page preloads (the bundler's shared helpers, decision 0181): sorted, as a set.
 */
async function entryFiles(page: Page): Promise<string[]> {
  const files = await page
    .locator('script[type="module"][src], link[rel="modulepreload"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? ''));
  expect(files.filter((f) => /\/assets\/main-/.test(f))).toEqual([]);
  return [...new Set(files)].sort();
}
const requested = (scripts: string[]) => [...scripts].sort();

const appLoaded = (scripts: string[]) => scripts.some((s) => /\/assets\/main-[^/]+\.js$/.test(s));

test('/ for a signed-out visitor: only the entry script until the first interaction, then the app', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: 'Own it. Prove it. Pass it on.' })).toBeVisible();
  // The signed-out header is in the HTML: usable before any application code.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Tag Asset', 'Sign In']);
  expect(requested(scripts)).toEqual(await entryFiles(page));
  // Reading is not using: a press on text (a finger scrolling a phone's page) loads nothing.
  await page.getByRole('heading', { level: 1 }).click();
  await page.waitForLoadState('networkidle');
  expect(requested(scripts)).toEqual(await entryFiles(page));

  // A key press (a keyboard user's first Tab) loads and hydrates the app: links then navigate
  // inside it, without a new document.
  await page.keyboard.press('Tab');
  await expect.poll(() => appLoaded(scripts)).toBe(true);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // Hydrated and the auth state known: the header's signed-out guess became the signed-out header.
  await expect(page.locator('[data-signed-out-guess]')).toHaveCount(0);
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('the first click on a link of a page that has not hydrated works', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/privacy-policy');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('the language menu works before the app has loaded, by keyboard, at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const menu = page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' });
  await menu.focus();
  await page.keyboard.press('ArrowDown'); // English → Français
  await expect(page.getByRole('heading', { level: 1, name: 'Possédez. Prouvez. Transmettez.' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tagledger.locale'))).toBe('fr');
});

test('a French reader gets / in French without interacting', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tagledger.locale', 'fr'));
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Possédez. Prouvez. Transmettez.' })).toBeVisible();
  expect(appLoaded(scripts)).toBe(true);
});

test('a signed-in user on / sees the signed-in header without interacting', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user);
  const scripts = recordScripts(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // The signed-out guess the HTML carries never shows to them.
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(appLoaded(scripts)).toBe(true);
});

test('a use-case landing remembers itself for a later sign-up even if the app never loads', async ({ page }) => {
  await page.goto('/nft-tagging');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => sessionStorage.getItem('tl:signup-from'))).toBe('nft-tagging');
});

test('prerendered pages and index.html are served compressed', async ({ request }) => {
  for (const path of ['/', '/auth', '/dashboard']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers()['content-encoding'], path).toBe('br');
    expect(res.headers()['vary'], path).toMatch(/accept-encoding/i);
    expect(await res.text(), path).toContain('<div id="root"');
  }
  const gzip = await request.get('/faq', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(await gzip.text()).toContain('>Frequently Asked Questions</h1>');
});
