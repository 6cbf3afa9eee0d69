// Issue 6: a signed-out visitor starts capturing on a use-case landing, keeps the photo through
// sign-up and e-mail confirmation, and registers it on /tag (the guest slot is adopted there).
import { e2eEnv, expect, lastMailTo, linkIn, test, uniqueEmail } from '../fixtures/index.ts';
import { JPEG } from '../fixtures/files.ts';

const service = {
  apikey: e2eEnv.serviceKey,
  authorization: `Bearer ${e2eEnv.serviceKey}`,
  'content-type': 'application/json',
};

async function creditByEmail(email: string, amount: number): Promise<void> {
  const found = await fetch(`${e2eEnv.baseURL}/rest/v1/user_profiles?select=id&email=eq.${encodeURIComponent(email)}`, {
    headers: service,
  });
  const rows = (await found.json()) as { id: string }[];
  if (!found.ok || rows.length !== 1) throw new Error(`profile lookup failed: ${found.status} ${JSON.stringify(rows)}`);
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/admin_adjust_tokens`, {
    method: 'POST',
    headers: service,
    body: JSON.stringify({ p_user_id: rows[0]!.id, p_amount: amount, p_reason: 'E2E tagging budget' }),
  });
  if (!res.ok) throw new Error(`credit failed: ${res.status} ${await res.text()}`);
}

test('capture before signing up, keep it through sign-up, register it on /tag', async ({ page }) => {
  const email = uniqueEmail('guest-capture');
  const title = `Grandfather clock ${Date.now()}`;

  // Signed out: the landing's primary call to action opens the public capture entry.
  await page.goto('/general-tagging');
  await page.getByRole('link', { name: 'Tag an asset' }).first().click();
  await expect(page).toHaveURL(/\/start-tagging\?from=general-tagging$/);
  await expect(page.getByRole('heading', { name: 'Start tagging', level: 1 })).toBeVisible();

  await page
    .getByTestId('start-file-input')
    .setInputFiles([{ name: 'clock.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device.' })).toBeVisible();

  // The capture survives a reload (it is in IndexedDB, not in memory).
  await page.reload();
  await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1);

  // Sign up from the call to action; the confirmation link carries from=general-tagging.
  await page.getByRole('link', { name: 'Create a free account to register it' }).click();
  await expect(page).toHaveURL(/\/signup\?from=general-tagging$/);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Guest Capturer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('pendulum-escapement-1656');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/check-email/);

  const link = linkIn(await lastMailTo(email));
  expect(decodeURIComponent(link)).toContain('from=general-tagging');
  await creditByEmail(email, 200);
  await page.goto(link);

  // /tag adopts the guest capture: the photo is already there.
  await expect(page).toHaveURL(/\/tag$/, { timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Your capture was restored.')).toBeVisible();

  // A signed-in visitor opening /start-tagging is sent on to /tag.
  await page.goto('/start-tagging');
  await expect(page).toHaveURL(/\/tag$/);
  await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  const registerButton = page.getByRole('button', { name: /^Register for \d+ TMT$/ });
  await expect(registerButton).toBeEnabled();
  await registerButton.click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
