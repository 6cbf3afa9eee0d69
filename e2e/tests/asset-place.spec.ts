// Where an asset is kept, end to end (issue 32, item 3): an owner tags a bike, writes where it is
// kept and, by pressing a button (keyboard), lets the browser give its position; the place stays
// private — the public page and /verify show neither the text nor the coordinates — until the
// owner shares it for this asset. Checked at 360 px.
import crypto from 'node:crypto';
import { createUser, e2eEnv, expect, openSignedIn, quotedCost, test } from '../fixtures/index.ts';
import { JPEG } from '../fixtures/files.ts';

async function credit(userId: string, amount: number): Promise<void> {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/admin_adjust_tokens`, {
    method: 'POST',
    headers: {
      apikey: e2eEnv.serviceKey,
      authorization: `Bearer ${e2eEnv.serviceKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_user_id: userId, p_amount: amount, p_reason: 'E2E tagging budget' }),
  });
  if (!res.ok) throw new Error(`credit failed: ${res.status} ${await res.text()}`);
}

test('an owner records where a bike is kept and it stays private', async ({ browser }) => {
  // Many screens and two browsers on a shared machine: more than the default minute.
  test.setTimeout(300_000);
  const owner = await createUser({ fullName: 'Bike Keeper' });
  await credit(owner.id, 200);
  const serial = `PLACE-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const title = `Cargo bike ${serial}`;
  const place = 'Locked shed behind 14 Rue Njo-Njo';

  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    permissions: ['geolocation'],
    geolocation: { latitude: 4.0511, longitude: 9.7679, accuracy: 25 },
  });
  const page = await context.newPage();
  await openSignedIn(page, owner);

  await page.goto('/tag');
  await page.getByTestId('tag-file-input').setInputFiles([{ name: 'bike.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
  await page.getByRole('textbox', { name: 'Location' }).fill(place);
  await expect(page.getByTestId('asset-position')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use my current position' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('asset-position')).toHaveText('Position: 4.05110, 9.76790 (within 25 m)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Public, but without sharing the place.
  await page.getByRole('radio', { name: /Public/ }).check();
  await expect(page.getByRole('checkbox', { name: 'Also show the location' })).not.toBeChecked();
  const cost = await quotedCost(page);
  await page.getByRole('button', { name: `Register for ${cost} TMT` }).click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const assetId = page.url().split('/').pop()!;
  await expect(page.getByText(place)).toBeVisible();
  await expect(page.getByText('4.05110, 9.76790 (within 25 m)')).toBeVisible();

  // A visitor sees the public page and the serial check, without the place.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/public-assets/${assetId}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await visitor.goto(`/verify/${serial}`);
  // Generous waits: the check runs on a shared, busy machine.
  await expect(visitor.getByTestId('verify-status')).toHaveText('Registered, not reported lost or stolen', {
    timeout: 30_000,
  });
  await expect(visitor.getByText(title)).toBeVisible();
  for (const url of [`/public-assets/${assetId}`, `/verify/${serial}`]) {
    await visitor.goto(url);
    await expect(visitor.getByText(title).first()).toBeVisible({ timeout: 30_000 });
    const text = await visitor.locator('body').innerText();
    expect(text, url).not.toContain('Njo-Njo');
    expect(text, url).not.toContain('4.05');
    expect(text, url).not.toContain('9.76');
  }
  // Nor does the data API answer with it to the visitor.
  const answer = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/get_public_asset`, {
    method: 'POST',
    headers: { apikey: e2eEnv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ p_asset_id: assetId }),
  });
  expect(answer.status).toBe(200);
  const body = await answer.text();
  expect(body).toContain(title);
  expect(body).not.toContain('Njo-Njo');
  expect(body).not.toContain('4.0511');
});
