// The user's own account in Chromium against the real server: data export downloads the user's
// JSON; deletion signs out and the account can no longer sign in; TOTP set up in Settings is
// required at the next sign-in.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createUser, expect, openSignedIn, test } from '../fixtures/index.ts';

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) from a base32 secret — what an authenticator app does. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

const step = () => Math.floor(Date.now() / 30_000);

// A valid 1×1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082',
  'hex',
);

test("export downloads a JSON file with the user's data", async ({ page }) => {
  const user = await createUser({ fullName: 'Export Person' });
  await openSignedIn(page, user, '/settings');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/-export-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    format: string;
    contents: Record<string, string>;
    account: { email: string; id: string; encrypted_password?: string };
    profile: { full_name: string };
    settings: { language: string };
    sessions: unknown[];
    token_transactions: unknown[];
  };
  expect(doc.format).toBe('tagledger-export/2');
  expect(doc.contents).toMatchObject({ account: 'Account', token_purchases: 'Token purchases' });
  expect(doc.account.email).toBe(user.email);
  expect(doc.account).not.toHaveProperty('encrypted_password');
  expect(doc.account.id).toBe(user.id);
  expect(doc.profile.full_name).toBe('Export Person');
  expect(doc.settings.language).toBe('en');
  expect(doc.sessions.length).toBeGreaterThan(0);
});

test('preferences and profile fields persist across reloads', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user, '/settings');
  await page.getByRole('switch', { name: 'News and announcements' }).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'News and announcements' })).toBeChecked();

  await page.goto('/profile');
  await page.getByLabel('Country').fill('Portugal');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Country')).toHaveValue('Portugal');
});

test('a profile picture is shown from a URL that does not name its owner, and can be replaced and removed', async ({
  page,
}) => {
  const user = await createUser({ fullName: 'Picture Person' });
  await openSignedIn(page, user, '/profile');
  await page
    .getByLabel('Choose a profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const avatar = page.getByRole('img', { name: "Picture Person's avatar" });
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const first = (await avatar.getAttribute('src'))!;
  expect(first).toMatch(/\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}\.png$/);
  expect(first).not.toContain(user.id);
  // Replacing uploads a new file and deletes the old one.
  await page
    .getByLabel('Choose a profile picture')
    .setInputFiles({ name: 'me2.png', mimeType: 'image/png', buffer: PNG });
  await expect(avatar).not.toHaveAttribute('src', first);
  await expect.poll(async () => (await fetch(first)).status).toBe(400);
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(avatar).toBeHidden();
});

test('deleting the account signs out and the account can no longer sign in', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user);
  // The end of the flow is expected: no /logout for the deleted user, so no 403 in the console.
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    // The wrong password below is refused with a 4xx the dialog shows; the browser logs that one.
    if (msg.type() === 'error' && !msg.location().url.includes('/functions/v1/delete-account'))
      consoleErrors.push(msg.text());
  });
  const logoutCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/auth/v1/logout')) logoutCalls.push(req.url());
  });
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByText('This is immediate and cannot be undone.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Current password').fill('wrong password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');

  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(logoutCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('alert').first()).toBeVisible();
});

test('a user who enables TOTP must enter a code at the next sign-in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await createUser();
  await openSignedIn(page, user, '/settings');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  // Rendered, not just its alt text: the image decoded to real pixels.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const enrolledStep = step();
  const enrolledCode = totp(secret, enrolledStep * 30_000);
  await page.getByLabel('6-digit code').fill(enrolledCode);
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  // A fresh browser: the password alone is not enough any more.
  const context = await browser.newContext();
  const second = await context.newPage();
  // Nothing the half-signed-in (aal1) screen loads may fail: data needs aal2 once a factor exists.
  const failedDataCalls: string[] = [];
  second.on('response', (res) => {
    if (/\/(rest|storage|functions)\/v1\//.test(res.url()) && res.status() >= 400)
      failedDataCalls.push(`${res.status()} ${res.url()}`);
  });
  await second.goto('/auth');
  const form = second.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  const mfa = second.getByRole('form', { name: 'Two-factor verification' });
  await expect(mfa).toBeVisible();
  await expect(second).not.toHaveURL(/\/dashboard/);

  await mfa.getByLabel('Authentication code').fill('000000' === totp(secret) ? '111111' : '000000');
  await mfa.getByRole('button', { name: 'Verify' }).click();
  // The refusal is shown first, so the URL check below runs after the answer came back (checked right
  // after the click, it would pass before any navigation could happen).
  await expect(mfa.getByRole('alert')).toBeVisible();
  await expect(mfa.getByRole('button', { name: 'Verify' })).toBeEnabled();
  await expect(second).not.toHaveURL(/\/dashboard/);

  // A new code, not the one used to turn the factor on: the next 30-second step's, as an
  // authenticator whose clock runs a little ahead shows it (the server allows one step of drift).
  // Taking it now rather than waiting up to 30 s for that step to come.
  const nextCode = totp(secret, Date.now() + 30_000);
  expect(nextCode).not.toBe(enrolledCode);
  await mfa.getByLabel('Authentication code').fill(nextCode);
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(second).toHaveURL(/\/dashboard/, { timeout: 15_000 });
  expect(failedDataCalls).toEqual([]);
  // At aal2 the user's own data is back: the settings screen reads their factor and settings.
  await second.goto('/settings');
  await expect(second.getByText('Enabled', { exact: true })).toBeVisible();
  expect(failedDataCalls).toEqual([]);
  await context.close();
});

test('next of kin can be added, edited and removed', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user, '/nok');
  await expect(page.getByText('No next of kin yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add next of kin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add next of kin' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Give an e-mail address or a phone number')).toBeVisible();
  await dialog.getByLabel('Full name').fill('Carol Example');
  await dialog.getByLabel('Relationship').selectOption('Sibling');
  await dialog.getByLabel('Email').fill('carol@example.com');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Next of kin added')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Carol Example')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Carol Example' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit next of kin' });
  await edit.getByLabel('Notes').fill('Keeps the spare key');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Keeps the spare key')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Carol Example' }).click();
  await page.getByRole('dialog', { name: 'Remove next of kin' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No next of kin yet')).toBeVisible();
});
