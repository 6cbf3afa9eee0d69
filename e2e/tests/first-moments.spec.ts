// The first moments of a prerendered page (issue 29): what a visitor does before the app has started —
// a question opened, a field typed into or autofilled, a button pressed, a link followed — is what
// they find once it has. The app's chunk (or a catalogue) is held back so "before" is certain rather
// than a race; no timings.
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures/index.ts';

/** Holds back the requests matching `pattern` until `release()`; `seen` resolves at the first one. */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: (r: Request) => void;
  const first = new Promise<Request>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    seen(route.request());
    await released;
    await route.continue().catch(() => undefined); // the page may have left meanwhile
  });
  return { release, first };
}

/** Responses the page got with a 4xx or 5xx status. */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return failed;
}

test('/faq: a question opened before the app has its messages stays open, and no catalogue request fails', async ({
  page,
}) => {
  // Issue 28 item 11: the screen's messages were asked for in no language ("catalogues/…//features/…",
  // a 404) when the shell's messages came after the screen's; the screen was then rendered afresh,
  // closing the question the visitor had opened.
  const failed = failedResponses(page);
  const shell = await hold(page, /\/assets\/catalogues\/[^/]+\/en\/shell\.json$/);
  const screenMessages = page.waitForRequest(/\/catalogues\/.*faq-page\.json$/);
  await page.goto('/faq');
  const question = page.locator('details').first();
  await question.locator('summary').click();
  await expect(question).toHaveAttribute('open', '');
  await screenMessages;
  await shell.first;
  shell.release();
  // Hydrated and the auth state known: the header's signed-out guess became the signed-out header.
  await expect(page.locator('[data-signed-out-guess]')).toHaveCount(0);
  await expect(question).toHaveAttribute('open', '');
  expect(failed).toEqual([]);
});
