// The moderators' queue end to end: a visitor reports a public asset, a moderator hides it with a
// reason and the public page no longer shows it; a unit that 11 different people scanned in a day
// appears in the flagged queue, the moderator marks it counterfeit and its scan page says so.
import crypto from 'node:crypto';
import { createUser, e2eEnv, expect, signIn, test, type TestUser } from '../fixtures/index.ts';
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
  await signIn(page, moderator);
  await page.goto('/moderator');
  await expect(page.getByRole('heading', { name: 'Moderator Panel' })).toBeVisible();
  await page.getByRole('tab', { name: /Reported public assets/ }).click();
  const item = page.getByTestId('queue-item').filter({ hasText: title });
  await expect(item).toContainText('Insults in the title');
  await item.getByRole('button', { name: 'Hide asset' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Hide asset' }).click();
  await expect(confirm.getByText('Give a reason: it goes to the moderation log')).toBeVisible();
  await confirm.getByLabel(/Reason/).fill('Offensive title');
  await confirm.getByRole('button', { name: 'Hide asset' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Done: ${title}` })).toBeVisible();
  await expect(page.getByTestId('queue-item').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByTestId('log-entry').first()).toContainText('Offensive title');

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

test('a moderator asks an admin to ban an owner, and the admin bans them from the queue', async ({ page, browser }) => {
  const owner = await createUser({ fullName: 'Repeat Offender' });
  const title = `Spam lamp ${crypto.randomUUID().slice(0, 6)}`;
  const assetId = await publicAsset(owner, title);
  await post('/functions/v1/report-content', { target: 'asset', assetId, reason: 'scam' });

  const moderator = await createUser({ role: 'moderator' });
  await signIn(page, moderator);
  await page.goto('/moderator');
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
