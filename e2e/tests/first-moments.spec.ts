// The first moments of a prerendered page (issue 29): what a visitor does before the app has started —
// a field typed into or autofilled, a button pressed, a question opened, a link or the language menu
// used the moment the page shows — is what they find once it has, on every prerendered route, in English
// and in French. The app's chunk (or a catalogue) is held back so that "before" is certain rather than a
// race; typing goes on while it starts. No timings.
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { createUser, expect, test, type TestUser } from '../fixtures/index.ts';
import { builtRoutes, hasBuild } from '../fixtures/routes.ts';

/**
 * Every prerendered route (the route table, as the build lists it), a frame with a value for its
 * parameter. Global-setup runs before the specs are loaded, so the build is known here (except when
 * only listing the tests: fixtures/routes.ts).
 */
const ROUTES = (hasBuild() ? builtRoutes().routes : [])
  .filter((route) => route.prerender)
  .map(({ path: route }) =>
    route.replace(':serialNumber', 'ABC-123').replace(':id', '00000000-0000-4000-8000-000000000000'),
  );

/** A reader of each language, as the browser tells the server (Accept-Language) and the page. */
const READERS = [
  { lang: 'en', locale: 'en-GB', other: 'fr' },
  { lang: 'fr', locale: 'fr-FR', other: 'en' },
] as const;

const APP = /\/assets\/main-[^/]+\.js$/;
/** The page's only entry script (src/boot.ts), which loads the app. */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Holds back the requests matching `pattern` until `release()`; `first` resolves at the first one. */
async function hold(page: Page | BrowserContext, pattern: RegExp) {
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

/**
 * The app has started: the page is hydrated and the auth state known (the header's signed-out guess
 * became the signed-out header), and it has been told what the visitor did (src/lib/early-actions.ts).
 */
async function appStarted(page: Page) {
  // Starting the app (its chunk, hydration, the auth check) is the slowest step of these tests and
  // on a loaded machine has taken over the default 10 s (a flake at load 7): a bound, not a timing.
  await expect(page.locator('[data-signed-out-guess]')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForFunction(() => {
    const early = (window as unknown as { __tlEarly?: { done: boolean } }).__tlEarly;
    return !early || early.done;
  });
}

/** Responses the page got with a 4xx or 5xx status. */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return failed;
}

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The value React rendered a field with (a controlled field's state), or undefined for an uncontrolled one. */
const renderedValue = (field: Locator) =>
  field.evaluate((el) => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
    return key ? ((el as unknown as Record<string, { value?: unknown }>)[key]!.value as string | undefined) : null;
  });

/** The page's main heading, as it first shows. */
const heading = (page: Page) => page.locator('#root h1').first();

let user: TestUser;
test.beforeAll(async () => {
  user = await createUser({ fullName: 'Early Bird' });
});

for (const reader of READERS)
  test.describe(`in ${reader.lang === 'en' ? 'English' : 'French'}`, () => {
    test.use({ locale: reader.locale });

    for (const route of ROUTES)
      test(`${route}: its language from the first byte, a field typed into and the first link followed before the app`, async ({
        page,
      }) => {
        const errors = pageErrors(page);
        // 1. Typing into the first field the moment it shows, before the app and on while it starts.
        let app = await hold(page, APP);
        const response = await page.goto(route, { waitUntil: 'commit' });
        expect.soft(response!.headers()['content-language']).toBe(reader.lang);
        await expect(heading(page).or(page.locator('#main [role="status"]')).first()).toBeVisible();
        expect.soft(await page.evaluate(() => document.documentElement.lang)).toBe(reader.lang);
        // Shown at once: not hidden until the app has rendered it in another language.
        await expect.soft(page.locator('#root')).toBeVisible();
        // A frame waiting for its data (an asset page) has no heading until the data comes.
        const firstHeading = (await heading(page).count()) ? await heading(page).textContent() : null;
        const field = page
          .locator(
            '#main input:is([type="text"], [type="email"], [type="password"], [type="search"], :not([type])), #main textarea',
          )
          .first();
        if (await field.isVisible()) {
          // What a person types there: an e-mail field holds no spaces, and Chromium drops the ones
          // at its ends from what it shows once the app renders it (its value never had them).
          const typed = (await field.getAttribute('type')) === 'email' ? 'ada.lovelace@example.org' : 'Ada Lovelace';
          await field.click();
          await page.keyboard.type(typed.slice(0, 3));
          app.release();
          // Key by key while the app loads and hydrates.
          for (const key of typed.slice(3)) await page.keyboard.type(key);
          await appStarted(page);
          await expect(field).toHaveValue(typed);
          await expect(field).toBeFocused();
          expect(await field.evaluate((el: HTMLInputElement) => el.selectionStart ?? el.value.length)).toBe(
            typed.length,
          );
          // The app has it too (a controlled field renders the typed value, not an empty state).
          expect([typed, undefined]).toContain(await renderedValue(field));
        } else {
          app.release();
          // A page whose only controls are links starts the app at the first interaction (decision 0133).
          await page.keyboard.press('Tab');
          await appStarted(page);
        }
        // The page never changed language or heading on its way from the HTML to the app.
        if (firstHeading !== null) expect(await heading(page).textContent()).toBe(firstHeading);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(reader.lang);

        // 2. The first link, pressed as the page shows and before the app: followed, in the same language.
        app = await hold(page, APP);
        await page.goto(route, { waitUntil: 'commit' });
        const link = page.locator('#main a[href^="/"], header nav a[href^="/"]').first();
        await expect(link).toBeVisible();
        const href = (await link.getAttribute('href'))!;
        await link.click();
        app.release();
        await expect(page).toHaveURL((url) => url.pathname === href.split(/[?#]/)[0]);
        await expect(page.locator('html')).toHaveAttribute('lang', reader.lang);
        expect(errors).toEqual([]);
      });

    test('a Tab pressed before the entry script has run still starts the app of a links-only page', async ({
      page,
    }) => {
      // /faq waits for a first interaction to load the app (src/boot.ts). The entry script is held, so
      // the key certainly comes before its listeners exist: only the focus it moved is left to see.
      const entry = await hold(page, ENTRY);
      await page.goto('/faq', { waitUntil: 'commit' });
      await expect(page.locator('#root[data-hydrate="on-demand"]')).toBeAttached();
      await expect(heading(page)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveCount(1);
      entry.release();
      await appStarted(page);
      await expect(page.locator('html')).toHaveAttribute('lang', reader.lang);
    });

    test('a language chosen before the entry script has run is the page’s once the app starts', async ({ browser }) => {
      // The entry script is held, so the choice certainly comes before its listeners exist: only the
      // menu's new selection is left to see. On / (the app waits for an interaction) and /auth (it
      // starts after the first paint).
      for (const route of ['/', '/auth']) {
        const context = await browser.newContext({ locale: reader.locale });
        const page = await context.newPage();
        const entry = await hold(page, ENTRY);
        await page.goto(route, { waitUntil: 'commit' });
        const menu = page.getByRole('contentinfo').getByRole('combobox');
        await expect(menu).toBeVisible();
        await menu.selectOption(reader.other);
        entry.release();
        await appStarted(page);
        await expect(page.locator('html')).toHaveAttribute('lang', reader.other);
        await context.close();
      }
    });

    test('the language menu, used before the app, switches the page and the next ones', async ({ browser }) => {
      for (const route of ['/', '/auth']) {
        const context = await browser.newContext({ locale: reader.locale });
        const page = await context.newPage();
        const app = await hold(page, APP);
        await page.goto(route, { waitUntil: 'commit' });
        const menu = page.getByRole('contentinfo').getByRole('combobox');
        await expect(menu).toBeVisible();
        await menu.selectOption(reader.other);
        app.release();
        await appStarted(page);
        await expect(page.locator('html')).toHaveAttribute('lang', reader.other);
        // The server knows now: the next page comes in that language from its first byte.
        const next = await page.goto(route === '/' ? '/faq' : '/forgot-password', { waitUntil: 'commit' });
        expect(next!.headers()['content-language']).toBe(reader.other);
        await context.close();
      }
    });

    test('the sign-in form autofilled at load and pressed before the app signs in once', async ({ page }) => {
      // A password manager fills saved credentials as the page loads, with the events it sends.
      await page.addInitScript(
        ({ email, password }) => {
          document.addEventListener('DOMContentLoaded', () => {
            for (const [name, value] of [
              ['email', email],
              ['password', password],
            ]) {
              const field = document.querySelector<HTMLInputElement>(`form input[name="${name}"]`);
              if (!field) continue;
              field.value = value!;
              field.dispatchEvent(new Event('input', { bubbles: true }));
              field.dispatchEvent(new Event('change', { bubbles: true }));
            }
          });
        },
        { email: user.email, password: user.password },
      );
      const signIns: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/auth/v1/token')) signIns.push(r.method());
      });
      const app = await hold(page, APP);
      await page.goto('/login', { waitUntil: 'commit' });
      const form = page.locator('form').first();
      await expect(form.locator('input[name="password"]')).toHaveValue(user.password);
      // The press, at once: held (the pending bar, nothing sent as a plain form), then made once the app is there.
      await form.locator('button[type="submit"]').click();
      await expect(page.locator('html')).toHaveAttribute('data-pending', '');
      expect(page.url()).not.toContain('password');
      app.release();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(signIns).toEqual(['POST']);
      await expect(page.locator('html')).not.toHaveAttribute('data-pending');
    });

    test('/signup: a name typed and the form sent before the app are what the app checks', async ({ page }) => {
      const app = await hold(page, APP);
      await page.goto('/signup', { waitUntil: 'commit' });
      const name = page.locator('form input[name="fullName"]');
      await name.click();
      await page.keyboard.type('Ada Lovelace');
      await page.keyboard.press('Enter');
      app.release();
      await appStarted(page);
      // The form was checked once, with the name: only the fields left empty are refused.
      const fr = reader.lang === 'fr';
      await expect(page.getByText(fr ? 'L’e-mail est obligatoire' : 'Email is required')).toBeVisible();
      await expect(page.getByText(fr ? 'Le nom complet est obligatoire' : 'Full name is required')).toHaveCount(0);
      await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(2);
      await expect(name).toHaveValue('Ada Lovelace');
    });

    test('/signup from a referral link: a name typed before the app is kept, and the code shows once it has started', async ({
      page,
    }) => {
      // The prerendered page knows no referral code; the app does (the address, or storage from an
      // earlier landing). Rendering it while hydrating was a mismatch: React rendered the form afresh
      // and the name typed was gone ("Full name is required").
      const errors = pageErrors(page);
      const app = await hold(page, APP);
      await page.goto('/signup?ref=EARLYREF&from=general-tagging', { waitUntil: 'commit' });
      const name = page.locator('form input[name="fullName"]');
      await name.click();
      await page.keyboard.type('Ada');
      app.release();
      for (const key of ' Lovelace') await page.keyboard.type(key);
      await appStarted(page);
      await expect(page.getByText('EARLYREF')).toBeVisible();
      await expect(name).toHaveValue('Ada Lovelace');
      await expect(name).toBeFocused();
      expect(await renderedValue(name)).toBe('Ada Lovelace');
      expect(errors).toEqual([]);
    });
  });

test('a link followed in the app shows the pending bar at once, until the next screen is there', async ({ page }) => {
  await page.goto('/auth');
  await appStarted(page);
  // The next screen's code is held back: the moment between the press and the screen is long.
  const screen = await hold(page, /\/assets\/forgot-password-page-[^/]+\.js$/);
  const link = page.getByRole('link', { name: 'Forgot password?' });
  await link.click();
  await expect(page.locator('html')).toHaveAttribute('data-pending', '');
  await screen.first;
  screen.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-pending');
});

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
  await appStarted(page);
  // Hydrated and the auth state known: the header's signed-out guess became the signed-out header.
  await expect(page.locator('[data-signed-out-guess]')).toHaveCount(0);
  await expect(question).toHaveAttribute('open', '');
  expect(failed).toEqual([]);
});
