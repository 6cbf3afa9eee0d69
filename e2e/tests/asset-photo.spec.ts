// The asset page's photo is its largest paint (issue 29): on a phone it comes at the size it is drawn,
// and it is asked for as soon as its URL is known, not once the rest of the page has rendered.
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { createUser, e2eEnv, expect, openSignedIn, test } from '../fixtures/index.ts';
import { post, tokenOf } from '../fixtures/units.ts';
import { JPEG } from '../fixtures/files.ts';

// Lighthouse's phone: 412 CSS px at 1.75 device pixels each.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

/** A private asset with one photo, registered through the API by a new owner. */
async function assetWithPhoto() {
  const owner = await createUser({ fullName: 'Photo Owner' });
  const token = await tokenOf(owner);
  const objectName = `${owner.id}/pending/${crypto.randomUUID()}.jpg`;
  const upload = await fetch(`${e2eEnv.baseURL}/storage/v1/object/asset-media/${objectName}`, {
    method: 'POST',
    headers: { apikey: e2eEnv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: JPEG,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const { asset_id } = (await post(
    '/functions/v1/register-asset',
    { submissionId: crypto.randomUUID(), asset: { title: 'Desk lamp' }, media: [objectName] },
    token,
  )) as { asset_id: string };
  return { owner, assetId: asset_id };
}

/** The transformation a signed render URL's token names. */
function transformOf(url: string): unknown {
  const jwt = new URL(url).searchParams.get('token')!;
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).transform;
}

test('on a phone, the photo is asked for at its drawn size as soon as its URL is known', async ({ page }) => {
  const { owner, assetId } = await assetWithPhoto();
  // The originals' URLs (for the "full size" link) are held back: the photo must not wait for them,
  // nor for the page that waits for them.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/storage\/v1\/object\/sign\/asset-media$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  const photoRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/storage\/v1\/render\/image\/sign\//.test(r.url())) photoRequests.push(r.url());
  });

  await openSignedIn(page, owner, `/assets/${assetId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Desk lamp' })).toBeVisible();
  await expect.poll(() => photoRequests.length).toBe(1);
  // Drawn 412 − 74 = 338 CSS px wide: 592 device pixels, so the 640 px rendition (not the window's
  // 800), at the display quality.
  expect(transformOf(photoRequests[0]!)).toEqual({ width: 640, resize: 'contain', quality: 70 });

  release();
  const photo = page.getByRole('img', { name: 'File 1 of 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The page's <img> took the photo already downloaded rather than asking for it again.
  expect(photoRequests).toHaveLength(1);
  expect(await photo.getAttribute('src')).toBe(photoRequests[0]);
});

// The asset and its files' URLs come in one request (the my-asset function): storage is not asked to
// sign anything on the page's first load, so the photo waits for one round trip, not two.
test('an asset page asks for its asset and its files’ URLs in one request', async ({ page }) => {
  const { owner, assetId } = await assetWithPhoto();
  const signing: string[] = [];
  const data: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/storage/v1/object/sign/')) signing.push(path);
    if (path === '/functions/v1/my-asset' || path === '/rest/v1/assets') data.push(path);
  });

  await openSignedIn(page, owner, `/assets/${assetId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Desk lamp' })).toBeVisible();
  const photo = page.getByRole('img', { name: 'File 1 of 1' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The original's URL (the "full size" link) came with the asset too.
  await expect(page.getByRole('link', { name: 'Open the full-size photo' })).toHaveAttribute(
    'href',
    /\/storage\/v1\/object\/sign\//,
  );
  expect(data).toEqual(['/functions/v1/my-asset']);
  expect(signing).toEqual([]);
});

/**
 * Holds back the app's entry script and its main chunk until the returned function is called: what the
 * page asks for meanwhile, its early entry (src/early.ts) asked for. Module scripts run in the order of
 * the page, so an early entry placed after the app's would wait for the held entry too.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?:index|main)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The page's requests for data and photos, by path (the photos' by kind). */
function dataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/functions/v1/') || path.startsWith('/rest/v1/user_profiles')) seen.push(path);
    if (path.startsWith('/storage/v1/render/image/sign/')) seen.push('photo');
  });
  return seen;
}

// Decision 0177: on a phone the app takes about a second to start before it asks for anything; the
// page asks for the screen's first data, then its first photo, while it loads, and the app takes them.
test('a returning user’s My Assets asks for its first page and first photo before the app has started, once', async ({
  page,
}) => {
  const { owner } = await assetWithPhoto();
  const release = await holdTheApp(page);
  const seen = dataRequests(page);

  await openSignedIn(page, owner, '/assets', { waitUntil: 'commit' });
  await expect.poll(() => seen).toEqual(['/functions/v1/my-assets', 'photo']);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'My Assets' })).toBeVisible();
  // The card's picture (decorative: the card's title names it).
  const photo = page.locator('img[src*="/storage/v1/render/image/sign/"]').first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The app took both: the list was not asked for again, nor the photo.
  expect(seen.filter((p) => p === '/functions/v1/my-assets' || p === 'photo')).toEqual([
    '/functions/v1/my-assets',
    'photo',
  ]);
});

test('a returning user’s asset page asks for the asset and its photo before the app has started, once', async ({
  page,
}) => {
  const { owner, assetId } = await assetWithPhoto();
  const release = await holdTheApp(page);
  const seen = dataRequests(page);

  await openSignedIn(page, owner, `/assets/${assetId}`, { waitUntil: 'commit' });
  await expect.poll(() => seen).toEqual(['/functions/v1/my-asset', 'photo']);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk lamp' })).toBeVisible();
  const photo = page.getByRole('img', { name: 'File 1 of 1' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(seen.filter((p) => p === '/functions/v1/my-asset' || p === 'photo')).toEqual([
    '/functions/v1/my-asset',
    'photo',
  ]);
});

test('a token about to expire is not used early: the app renews it and asks with the new one', async ({ page }) => {
  const { owner } = await assetWithPhoto();
  const release = await holdTheApp(page);
  const seen = dataRequests(page);

  // Within supabase-js's refresh margin (90 s): the app starts by renewing it.
  await openSignedIn(page, owner, '/assets', {
    stored: (session) => ({ ...session, expires_at: Math.floor(Date.now() / 1000) + 60 }),
    waitUntil: 'commit',
  });
  await expect(page.locator('html[data-session]')).toBeAttached();
  // The early entry has run (the held chunk is the app's) and sent nothing.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/early-/.test(e.name)));
  expect(seen).toEqual([]);

  release();
  await expect(page.locator('img[src*="/storage/v1/render/image/sign/"]')).toBeVisible();
  expect(seen.filter((p) => p === '/functions/v1/my-assets')).toEqual(['/functions/v1/my-assets']);
});

// Decision 0178: the page the server sends for a signed-in screen names the screen's scripts and
// messages, so they download while the app's own chunk loads and runs, not after it.
test('the page of a signed-in screen has the screen’s code and messages fetched before the app has started', async ({
  page,
}) => {
  const { owner, assetId } = await assetWithPhoto();
  const release = await holdTheApp(page);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));

  await openSignedIn(page, owner, `/assets/${assetId}`, { waitUntil: 'commit' });
  const screenCode = () => fetched.some((p) => /\/asset-detail-page-[\w-]+\.js$/.test(p));
  const screenMessages = () => fetched.some((p) => p.endsWith('/features/assets/routes/asset-detail-page.json'));
  await expect.poll(() => [screenCode(), screenMessages()]).toEqual([true, true]);
  // Only this screen's: not My Assets', nor the landing's.
  expect(fetched.filter((p) => /\/(?:assets|landing)-page-[\w-]+\.js$/.test(p))).toEqual([]);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk lamp' })).toBeVisible();
  // The app's own preloading found the page's links and named none of those files again.
  const preloads = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(preloads.length).toBe(new Set(preloads).size);
});
