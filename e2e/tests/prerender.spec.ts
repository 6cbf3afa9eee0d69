// Issue 18: public pages arrive as HTML that paints without JavaScript, then hydrate without a
// mismatch (React reports one as a console error); a French reader never sees the English prerender.
import { expect, test } from '../fixtures/index.ts';

const PAGES: Array<[string, string]> = [
  ['/', 'Own it. Prove it. Pass it on.'],
  ['/auth', 'Welcome back'],
  ['/faq', 'Frequently Asked Questions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/forgot-password', 'Reset your password'],
];

test('public pages are served rendered, with their title, and hydrate without errors', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [path, heading] of PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`>${heading}</h1>`);
    expect(html, path).toContain('data-prerendered="en"');
    expect(html, path).not.toContain('%APP_NAME%');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // Hydrated: a link navigates inside the app, without loading a new document.
  await page.goto('/auth');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('a page without JavaScript still shows its content', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page).toHaveTitle(/^Frequently Asked Questions \| /);
  await context.close();
});

test('a French reader gets the page in French, never the English prerender', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tagledger.locale', 'fr'));
  const seen: string[] = [];
  await page.exposeFunction('reportHeading', (text: string) => seen.push(text));
  // Record every visible h1 text while the page starts, to catch a flash of English.
  await page.addInitScript(() => {
    const report = () => {
      const h1 = document.querySelector('#root h1');
      const hidden = document.documentElement.dataset.relang !== undefined;
      if (h1 && !hidden)
        (window as unknown as { reportHeading: (t: string) => void }).reportHeading(h1.textContent ?? '');
    };
    new MutationObserver(report).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeVisible();
  expect(seen.filter((t) => t === 'Frequently Asked Questions')).toEqual([]);
});
