// The asset page's photo is its largest paint (issue 29): on a phone it comes at the size it is drawn,
// and it is asked for as soon as its URL is known, not once the rest of the page has rendered.
import crypto from 'node:crypto';
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
