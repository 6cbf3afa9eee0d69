// English and French (issue 17): a French visitor signs up (French confirmation mail), tags an asset,
// downloads a French certificate and switches back to English; then the main screens in French at
// 360 px wide, screenshotted (test-results/) and checked for horizontal overflow.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  createUser,
  e2eEnv,
  expect,
  lastMailTo,
  linkIn,
  openSignedIn,
  overflow,
  quotedCost,
  test,
  uniqueEmail,
} from '../fixtures/index.ts';
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

async function userIdOf(email: string): Promise<string> {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/user_profiles?select=id&email=eq.${encodeURIComponent(email)}`, {
    headers: { apikey: e2eEnv.serviceKey, authorization: `Bearer ${e2eEnv.serviceKey}` },
  });
  const rows = (await res.json()) as Array<{ id: string }>;
  return rows[0]!.id;
}

async function storedLanguage(userId: string): Promise<string> {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/user_settings?select=language&user_id=eq.${userId}`, {
    headers: { apikey: e2eEnv.serviceKey, authorization: `Bearer ${e2eEnv.serviceKey}` },
  });
  return ((await res.json()) as Array<{ language: string }>)[0]!.language;
}

// pdf.js measures the standard fonts from data files it ships; in Node it reads them from disk.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(fs.readFileSync(file)),
    standardFontDataUrl,
    isEvalSupported: false,
  }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join(' ');
}

test('in French: sign up, confirm, tag, French certificate, back to English, main screens at 360 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('francais');

  // Switch to French in the header before signing up.
  await page.goto('/');
  await page.getByRole('banner').getByLabel('Language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflow(page), 'signed-out home in French at 360 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'S’inscrire' });
  await form.getByLabel('Nom complet').fill('Amélie Nkoulou');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Mot de passe').fill('analytical-engine-1843');
  await form.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();

  const mail = await lastMailTo(email);
  expect(mail.subject).toBe('Confirmez votre compte TagLedger');
  expect(mail.text).toContain('Confirmez votre adresse e-mail pour activer votre compte.');
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Tableau de bord', exact: true })).toBeVisible();
  const userId = await userIdOf(email);
  expect(await storedLanguage(userId)).toBe('fr');

  // Tag an asset.
  await credit(userId, 200);
  await page.goto('/tag');
  await page.getByTestId('tag-file-input').setInputFiles([{ name: 'velo.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await page.getByRole('textbox', { name: 'Titre' }).fill('Vélo de route');
  await page.getByRole('textbox', { name: 'Numéro de série' }).fill(`FR-${Date.now()}`);
  const cost = await quotedCost(page);
  await page.getByRole('button', { name: `Enregistrer pour ${cost} TMT` }).click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Vélo de route' })).toBeVisible();

  // The certificate is in French.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Certificat', exact: true }).click();
  const file = await (await downloadPromise).path();
  const text = await pdfText(file);
  expect(text).toContain('Certificat d’enregistrement');
  expect(text).toContain('Numéro de série');
  expect(text).toContain('Vélo de route');
  expect(text).not.toContain('Certificate of Registration');

  // The main screens in French on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  const problems: string[] = [];
  for (const path of [
    '/',
    '/dashboard',
    '/tag',
    '/assets',
    '/wallet',
    '/referrals',
    '/nok',
    '/news',
    '/settings',
    '/profile',
    '/public-assets',
    '/verify',
    '/faq',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.screenshot({
      path: test.info().outputPath(`fr-360${path === '/' ? '-home' : path.replace(/\//g, '-')}.png`),
      fullPage: true,
    });
    for (const p of await overflow(page)) problems.push(`${path}: ${p}`);
  }
  expect(problems).toEqual([]);

  // Back to English from the profile menu; the choice is stored with the account.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu du profil' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => storedLanguage(userId)).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a language chosen the moment a signed-in page shows is kept, though the page is left before it is saved', async ({
  page,
}) => {
  const user = await createUser();
  // The account's stored language, asked for when the signed-in header shows, is held until the
  // person has chosen: a fast reader, or a slow network.
  let releaseStored!: () => void;
  const storedHeld = new Promise<void>((resolve) => (releaseStored = resolve));
  let storedAsked!: () => void;
  const storedAskedFor = new Promise<void>((resolve) => (storedAsked = resolve));
  await page.route(/\/rest\/v1\/user_settings\?select=language/, async (route) => {
    storedAsked();
    await storedHeld;
    await route.continue().catch(() => undefined);
  });
  // The choice's save is cut short, as following a link at once does.
  const cutShort = /\/rest\/v1\/user_settings\?/;
  await page.route(cutShort, (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()));

  await openSignedIn(page, user);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await storedAskedFor;
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const storedAnswer = page.waitForResponse(/\/rest\/v1\/user_settings\?select=language/);
  releaseStored();
  await storedAnswer;
  // Two frames: the answer has been read and acted on by then (this waits, it does not time).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The account's older language, arriving after the choice, did not undo it.
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Tableau de bord', exact: true })).toBeVisible();

  // The next page finishes the save and stays in French.
  await page.unroute(cutShort);
  await page.goto('/wallet');
  await expect.poll(() => storedLanguage(user.id)).toBe('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
