// The moderators' queue end to end: a visitor reports a public asset, a moderator hides it with a
// reason and the public page no longer shows it; a unit that 11 different people scanned in a day
// appears in the flagged queue, the moderator marks it counterfeit and its scan page says so; a
// moderator's recall is shown to its business with the reason, and only a moderator ends it.
import crypto from 'node:crypto';
import { createUser, e2eEnv, expect, openSignedIn, signIn, test, type TestUser } from '../fixtures/index.ts';
import {
  markFlaggedUnitCounterfeit,
  post,
  randomGtin,
  scanUnit,
  tokenOf,
  verifyGtinForBusiness,
} from '../fixtures/units.ts';

/** A public asset registered and published by its owner through the API, as the app does. */
async function publicAsset(owner: TestUser, title: string): Promise<string> {
  const token = await tokenOf(owner);
  const registered = (await post(
    '/functions/v1/register-asset',
    { submissionId: crypto.randomUUID(), asset: { kind: 'general', title, description: 'A lamp for sale' }, media: [] },
    token,
  )) as { asset_id: string };
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/assets?id=eq.${registered.asset_id}`, {
    method: 'PATCH',
    headers: { apikey: e2eEnv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ privacy: 'public' }),
  });
  if (!res.ok) throw new Error(`publishing failed: ${res.status} ${await res.text()}`);
  return registered.asset_id;
}

test('a visitor reports a public asset and a moderator hides it', async ({ page, browser }) => {
  const owner = await createUser({ fullName: 'Lamp Owner' });
  const title = `Rude lamp ${crypto.randomUUID().slice(0, 6)}`;
  const assetId = await publicAsset(owner, title);

  // A visitor with no account reports it.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/public-assets/${assetId}`);
  await expect(visitorPage.getByRole('heading', { name: title })).toBeVisible();
  await visitorPage.getByRole('button', { name: 'Report' }).click();
  const dialog = visitorPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
  await dialog.getByLabel(/Reason/).selectOption('inappropriate');
  await dialog.getByLabel('Details (optional)').fill('Insults in the title');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(visitorPage.getByTestId('report-sent')).toBeVisible();

  // The moderator finds it in the queue and hides it with a reason.
  const moderator = await createUser({ role: 'moderator' });
  await openSignedIn(page, moderator, '/moderator');
  await expect(page.getByRole('heading', { name: 'Moderator Panel' })).toBeVisible();
  await page.getByRole('tab', { name: /Reported public assets/ }).click();
  const item = page.getByTestId('queue-item').filter({ hasText: title });
  await expect(item).toContainText('Insults in the title');
  await item.getByRole('button', { name: 'Hide asset' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Hide asset' }).click();
  await expect(confirm.getByText('Give a reason: it goes to the moderation log')).toBeVisible();
  // Other tests' moderators act at the same time, so the entry is found by its reason, not by its place.
  const reason = `Offensive title (${title})`;
  await confirm.getByLabel(/Reason/).fill(reason);
  await confirm.getByRole('button', { name: 'Hide asset' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Done: ${title}` })).toBeVisible();
  await expect(page.getByTestId('queue-item').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByTestId('log-entry').filter({ hasText: reason })).toContainText('Hide');
  await expect(page.getByTestId('log-entry').filter({ hasText: reason })).toContainText('You');

  // The public page no longer shows it.
  await visitorPage.reload();
  await expect(visitorPage.getByText('Asset not available')).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: title })).toHaveCount(0);
  await visitor.close();
});

test('a unit 11 different people scanned is flagged, marked counterfeit, and its scan page says so', async ({
  page,
  browser,
}) => {
  const brand = await createUser({ isBusiness: true, fullName: 'Brand Owner' });
  const token = await tokenOf(brand);
  const gtin = randomGtin();
  const serial = `M-${crypto.randomUUID().slice(0, 8)}`;
  await post('/rest/v1/business_profiles', { business_id: brand.id, brand_name: 'Moderated Watches' }, token);
  const [product] = (await post(
    '/rest/v1/business_products',
    { business_id: brand.id, name: 'Diver 300', gtin },
    token,
  )) as { id: string }[];
  await post('/rest/v1/business_units', { business_id: brand.id, product_id: product!.id, serial }, token);
  await verifyGtinForBusiness(brand.id, gtin);

  // Ten people scan through the scan-unit function, an eleventh on the scan page itself.
  await scanUnit(gtin, serial, 10, { differentScanners: true });
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/01/${gtin}/21/${serial}`);
  await expect(visitorPage.getByTestId('unit-scan-count')).toHaveText('11');
  await expect(visitorPage.getByTestId('unit-status')).toHaveText('Genuine, in circulation');
  await expect(visitorPage.getByRole('button', { name: 'Report a suspicious product' })).toBeVisible();

  await markFlaggedUnitCounterfeit(page, serial, 11);

  await visitorPage.reload();
  await expect(visitorPage.getByTestId('unit-status')).toHaveText('Reported counterfeit');
  await visitor.close();
});

test('a moderator recalls a product: its business reads why and cannot end it, a moderator ends it', async ({
  page,
  browser,
}) => {
  const brand = await createUser({ isBusiness: true, fullName: 'Recalled Brand' });
  const token = await tokenOf(brand);
  const gtin = randomGtin();
  const serial = `R-${crypto.randomUUID().slice(0, 8)}`;
  const name = `Power bank ${crypto.randomUUID().slice(0, 6)}`;
  await post('/rest/v1/business_profiles', { business_id: brand.id, brand_name: `Power ${serial}` }, token);
  const [product] = (await post('/rest/v1/business_products', { business_id: brand.id, name, gtin }, token)) as {
    id: string;
  }[];
  await post('/rest/v1/business_units', { business_id: brand.id, product_id: product!.id, serial }, token);
  await verifyGtinForBusiness(brand.id, gtin);
  await post('/functions/v1/report-content', {
    target: 'product',
    gtin,
    serial,
    reason: 'other',
    details: 'It got hot',
  });

  const moderator = await createUser({ role: 'moderator' });
  await openSignedIn(page, moderator, '/moderator');
  const item = page.getByTestId('queue-item').filter({ hasText: name });
  await item.getByRole('button', { name: 'Mark product recalled' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill('Batteries overheat');
  await dialog.getByRole('button', { name: 'Mark product recalled' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done:' })).toBeVisible();

  // The business, on a phone, reads the moderator's reason and has no way to end the recall.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const biz = await phone.newPage();
  await signIn(biz, brand);
  await biz.goto(`/business/products/${product!.id}`);
  const notice = biz.getByRole('status').filter({ hasText: 'A moderator recalled this product' });
  await expect(notice).toContainText('The moderator’s reason: Batteries overheat');
  await expect(biz.getByRole('button', { name: 'End the recall' })).toHaveCount(0);
  expect(await biz.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A moderator ends it from the standing recalls.
  await page.getByRole('tab', { name: 'Standing recalls' }).click();
  const recall = page.getByTestId('recall-item').filter({ hasText: name });
  await expect(recall).toContainText('Batteries overheat');
  await recall.getByRole('button', { name: 'End the recall' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/Reason/)
    .fill('The maker replaced the cells');
  await page.getByRole('dialog').getByRole('button', { name: 'End the recall' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Recall ended: ${name}` })).toBeVisible();
  await expect(page.getByTestId('recall-item').filter({ hasText: name })).toHaveCount(0);

  await biz.reload();
  await expect(biz.getByRole('button', { name: 'Recall product' })).toBeVisible();
  await phone.close();
});

test('a moderator asks an admin to ban an owner, and the admin bans them from the queue', async ({ page, browser }) => {
  const owner = await createUser({ fullName: 'Repeat Offender' });
  const title = `Spam lamp ${crypto.randomUUID().slice(0, 6)}`;
  const assetId = await publicAsset(owner, title);
  await post('/functions/v1/report-content', { target: 'asset', assetId, reason: 'scam' });

  const moderator = await createUser({ role: 'moderator' });
  await openSignedIn(page, moderator, '/moderator');
  // Ban requests are the admins' queue. The tab list is awaited first: counted before the lazy screen
  // renders, no tab at all would pass.
  await expect(page.getByRole('tab', { name: /Reported public assets/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Ban requests/ })).toHaveCount(0);
  await page.getByRole('tab', { name: /Reported public assets/ }).click();
  const item = page.getByTestId('queue-item').filter({ hasText: title });
  await item.getByRole('button', { name: 'Ask an admin to ban' }).click();
  const ask = page.getByRole('dialog');
  await ask.getByLabel(/Reason/).fill('Third scam listing this week');
  await ask.getByRole('button', { name: 'Ask an admin to ban' }).click();
  await expect(page.getByTestId('queue-item').filter({ hasText: title })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, e2eEnv.admin);
  await adminPage.goto('/moderator');
  await adminPage.getByRole('tab', { name: /Ban requests/ }).click();
  const request = adminPage.getByTestId('queue-item').filter({ hasText: owner.email });
  await expect(request).toContainText('Third scam listing this week');
  await request.getByRole('button', { name: 'Ban user' }).click();
  const ban = adminPage.getByRole('dialog');
  await ban.getByLabel(/Reason/).fill('Repeated scams');
  await ban.getByRole('button', { name: 'Ban user' }).click();
  await expect(adminPage.getByTestId('queue-item').filter({ hasText: owner.email })).toHaveCount(0);
  await adminContext.close();

  // The banned owner can no longer sign in.
  const res = await fetch(`${e2eEnv.baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: e2eEnv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(res.status).toBe(400);
});
