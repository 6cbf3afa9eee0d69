// Every route of SPEC §2, as each role, at a phone width (360 px) and a desktop width (1280 px):
// no horizontal overflow, no broken image, no console error. One page per role: it signs in once
// and moves between screens with the app's own router (a history entry plus popstate, as a link
// click does), so the run stays short while every screen is rendered with real data.
import type { Page } from '@playwright/test';
import { createUser, type CreateUserOptions, e2eEnv, expect, openSignedIn, test } from '../fixtures/index.ts';
import { layoutScreens, notFoundScreens } from '../fixtures/routes.ts';

// The screens come from the route table of the build under test (fixtures/routes.ts): every route
// without a parameter, and those with one at the address their row names.
const screens = () => {
  const lists = layoutScreens();
  return {
    PUBLIC: lists.public,
    SIGNED_IN: lists.signedIn,
    BUSINESS: lists.business,
    ADMIN: lists.admin,
    MODERATION: lists.moderation,
    /** Public pages a signed-in user also sees (with the signed-in header); auth screens redirect them away. */
    PUBLIC_SIGNED_IN: lists.publicSignedIn,
  };
};

const WIDTHS = [360, 1280] as const;
const STRONG_PASSWORD = 'Tl-layout-lantern-73!';

interface Problem {
  path: string;
  width: number;
  what: string;
}

/** Collects console errors and uncaught exceptions for the page, tagged with the screen on show. */
function watchConsole(page: Page, current: () => string, problems: Problem[]) {
  const notFound = notFoundScreens();
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // A screen visited at an address that names nothing gets its 404, which the browser logs.
    if (notFound.has(current()) && /status of 404/.test(msg.text())) return;
    // "Failed to load resource" names no address in its text; its location does.
    const where = msg.location().url;
    problems.push({ path: current(), width: 0, what: `console error: ${msg.text()}${where ? ` (${where})` : ''}` });
  });
  page.on('pageerror', (err) => problems.push({ path: current(), width: 0, what: `uncaught: ${err.message}` }));
}

/**
 * Requests in flight, so a screen counts as shown only once its data and images have arrived; a
 * request that fails or is aborted (not a 4xx answer: no response at all) is a problem too.
 */
function trackRequests(page: Page, current: () => string, problems: Problem[]): () => number {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  const done = () => (inFlight = Math.max(0, inFlight - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', (req) => {
    done();
    problems.push({
      path: current(),
      width: 0,
      what: `request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`,
    });
  });
  return () => inFlight;
}

/** Money moves only through ledger functions: a real admin adjustment with a long, realistic reason. */
async function grantTokens(userId: string, amount: number, reason: string) {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/admin_adjust_tokens`, {
    method: 'POST',
    headers: {
      apikey: e2eEnv.serviceKey,
      authorization: `Bearer ${e2eEnv.serviceKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_user_id: userId, p_amount: amount, p_reason: reason }),
  });
  if (!res.ok) throw new Error(`admin_adjust_tokens failed: ${res.status} ${await res.text()}`);
}

const LONG_REASON =
  'Goodwill credit for the interrupted upload of a large inspection video on the morning of 12 November (support ticket 48213)';

async function settle(page: Page, inFlight: () => number) {
  await expect.poll(inFlight, { message: 'requests still running' }).toBe(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  // Fonts and images decoded, and a frame painted, before measuring.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await expect.poll(inFlight, { message: 'requests still running' }).toBe(0);
}

/** What is wrong with the screen as shown at the current width: overflow and broken images. */
async function layoutProblems(page: Page, appScreen: boolean): Promise<string[]> {
  return page.evaluate((appScreen) => {
    const found: string[] = [];
    // Signed-in screens keep to the app's column (max-w-6xl, 72rem) like every other screen.
    const column = document.querySelector('main')?.firstElementChild?.getBoundingClientRect();
    if (appScreen && column && column.width > 72 * 16)
      found.push(`content column is ${Math.round(column.width)}px wide (more than 72rem)`);
    const viewport = document.documentElement.clientWidth;
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (pageWidth > viewport) {
      // Name the outermost elements that stick out, to point at the cause.
      const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.right <= viewport + 0.5) return false;
          const parent = el.parentElement?.getBoundingClientRect();
          return !parent || parent.right <= viewport + 0.5;
        })
        .slice(0, 3)
        .map((el) => `<${el.localName} class="${el.className}"> ${Math.round(el.getBoundingClientRect().width)}px`);
      found.push(`page is ${pageWidth}px wide in a ${viewport}px viewport: ${culprits.join('; ')}`);
    }
    for (const img of document.images) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) {
        found.push(`broken image ${img.currentSrc || img.src} (alt "${img.alt}")`);
      }
    }
    // The heading outline screen-reader users navigate by: going down, a heading is at most one
    // level below the one before it (h1 → h3 skips a level; Lighthouse's heading-order audit).
    let previous = 0;
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
      if (h.closest('[hidden], [aria-hidden="true"]') || h.getClientRects().length === 0) continue;
      const level = Number(h.localName[1]);
      if (previous && level > previous + 1)
        found.push(`heading <${h.localName}> "${h.textContent}" follows an h${previous}`);
      previous = level;
    }
    return found;
  }, appScreen);
}

/**
 * Scrolled to the end, the band the floating bug-report button occupies (its top to the bottom of
 * the viewport, full width) holds no text or control: the layout leaves room for the button, so
 * on a phone the last line of the page can always be read and tapped beside it.
 */
async function bugButtonCovers(page: Page): Promise<string[]> {
  const button = page.getByRole('button', { name: 'Report a Bug' });
  if ((await button.count()) === 0) return [];
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const fab = document.querySelector('[data-bug-report-ui]')?.getBoundingClientRect();
    if (!fab) return [];
    const inBand = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > fab.top && r.top < window.innerHeight;
    const covered: string[] = [];
    for (const area of document.querySelectorAll('main, footer')) {
      // Text by its own boxes (a container's padding is room, not content), controls by theirs.
      const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(inBand)) covered.push(`"${node.textContent.trim().slice(0, 40)}"`);
      }
      for (const control of area.querySelectorAll('button, input, select, textarea')) {
        if (inBand(control.getBoundingClientRect())) covered.push(`<${control.localName}>`);
      }
    }
    window.scrollTo(0, 0);
    return covered.length ? [`no room left for the bug-report button: ${covered.join(', ')} beside it`] : [];
  });
}

/** Client-side navigation, as a link click would do it (the page, its session and caches stay). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function visitAll(page: Page, paths: string[], signedInAs?: CreateUserOptions) {
  const { SIGNED_IN, BUSINESS, ADMIN, MODERATION } = screens();
  const APP_SCREENS = new Set([...SIGNED_IN, ...BUSINESS, ...ADMIN, ...MODERATION]);
  const problems: Problem[] = [];
  let current = '(start)';
  watchConsole(page, () => current, problems);
  const inFlight = trackRequests(page, () => current, problems);
  await page.setViewportSize({ width: 1280, height: 800 });
  if (signedInAs) {
    const user = await createUser({ password: STRONG_PASSWORD, ...signedInAs });
    await grantTokens(user.id, 25, LONG_REASON);
    await openSignedIn(page, user);
  } else {
    await page.goto('/');
  }
  for (const path of paths) {
    current = path;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      if (width === WIDTHS[0]) await navigate(page, path);
      await settle(page, inFlight);
      for (const what of await layoutProblems(page, signedInAs !== undefined && APP_SCREENS.has(path)))
        problems.push({ path, width, what });
      if (width === 360) for (const what of await bugButtonCovers(page)) problems.push({ path, width, what });
    }
  }
  expect(problems.map((p) => `${p.path}${p.width ? ` @${p.width}px` : ''}: ${p.what}`)).toEqual([]);
}

test.describe('every screen fits, shows its images and logs no error', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out', async ({ page }) => {
    const { PUBLIC } = screens();
    await visitAll(page, [...PUBLIC, '/news', '/wallet']);
  });

  test('standard user (restricted screens send them elsewhere)', async ({ page }) => {
    const { SIGNED_IN, PUBLIC_SIGNED_IN, BUSINESS, ADMIN, MODERATION } = screens();
    await visitAll(page, [...SIGNED_IN, ...PUBLIC_SIGNED_IN, ...BUSINESS, ...ADMIN, ...MODERATION], {
      fullName: 'Layout Standard',
    });
  });

  test('business user', async ({ page }) => {
    const { BUSINESS } = screens();
    await visitAll(page, ['/dashboard', ...BUSINESS], { isBusiness: true, fullName: 'Layout Business' });
  });

  test('moderator', async ({ page }) => {
    const { MODERATION } = screens();
    await visitAll(page, ['/dashboard', ...MODERATION], { role: 'moderator', fullName: 'Layout Moderator' });
  });

  test('admin', async ({ page }) => {
    const { SIGNED_IN, ADMIN, MODERATION, BUSINESS } = screens();
    await visitAll(page, [...SIGNED_IN, ...ADMIN, ...MODERATION, ...BUSINESS], {
      role: 'admin',
      fullName: 'Layout Admin',
    });
  });
});

test('a toast leaves the header (balance chip and menus) uncovered, on a phone and a desktop', async ({ page }) => {
  const user = await createUser({ password: STRONG_PASSWORD, fullName: 'Toast Reader' });
  await openSignedIn(page, user);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/profile');
    await page.getByLabel('Full name').fill(`Toast Reader ${width}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile updated' });
    await expect(toast).toBeVisible();
    const header = (await page.locator('header').first().boundingBox())!;
    // Polled: the toast slides in; where it comes to rest is what matters.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? -1, { message: `toast overlaps the header at ${width}px` })
      .toBeGreaterThanOrEqual(header.y + header.height);
  }
});
