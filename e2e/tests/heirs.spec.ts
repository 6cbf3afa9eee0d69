// What an heir receives, whole journey in Chromium (issue 28, item 2): the owner tags a pocket watch
// with a photo and a document, and a bike; names a next of kin who receives the watch alone (a
// single asset, no whole kind); the heir accepts and finds /legacy in the header with nothing
// released yet. The switch runs out on the test clock (POST /test/v1/clock). The heir, in French,
// opens /legacy from the header: the photo shows, the document opens, the bike is not there; the
// history and proof open by keyboard; the certificate downloads in French and the archive holds the
// files, the certificate, the history and the proof. The page fits a 360 px screen.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fromBufferPromise } from 'yauzl';
import { createUser, e2eEnv, expect, lastMailTo, openSignedIn, quotedCost, signIn, test } from '../fixtures/index.ts';
import { JPEG, PDF } from '../fixtures/files.ts';

// These tests move the server's application clock (months in seconds): each runs while no other test
// does (fixtures/turns.ts, decision 0162), since every test reading switches, transfers or checkouts shares it.
test.use({ movesAppClock: true });

async function serviceCall(url: string, body: unknown): Promise<void> {
  const res = await fetch(`${e2eEnv.baseURL}${url}`, {
    method: 'POST',
    headers: {
      apikey: e2eEnv.serviceKey,
      authorization: `Bearer ${e2eEnv.serviceKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} failed: ${res.status} ${await res.text()}`);
}

// pdf.js measures the standard fonts from data files it ships; in Node it reads them from disk.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, standardFontDataUrl, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join(' ');
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

/** Elements sticking out of the window (a phone screen must not scroll sideways). */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1)
        out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ends at ${r.right}px`);
    }
    return out.slice(0, 5);
  });
}

async function tag(page: Page, title: string, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await page.goto('/tag');
  await page.getByTestId('tag-file-input').setInputFiles(files);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  const cost = await quotedCost(page);
  await page.getByRole('button', { name: `Register for ${cost} TMT` }).click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
}

test('an heir given one asset sees its photo and document after the release, and downloads its French certificate and the archive', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser({ fullName: 'Marguerite Owner' });
  const heir = await createUser({ fullName: 'Heir Chosen' });
  await serviceCall('/rest/v1/rpc/admin_adjust_tokens', { p_user_id: owner.id, p_amount: 300, p_reason: 'E2E heirs' });
  const mark = crypto.randomBytes(3).toString('hex').toUpperCase();
  const watch = `Pocket watch ${mark}`;
  const bike = `Bike ${mark}`;

  // The owner tags a watch (a photo and a document) and a bike.
  await openSignedIn(page, owner);
  await tag(page, watch, [
    { name: 'watch.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    { name: 'papers.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await tag(page, bike, [{ name: 'bike.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);

  // The next of kin receives the watch alone: a single asset, no whole kind.
  await page.goto('/nok');
  await page.getByRole('button', { name: 'Add next of kin' }).click();
  const form = page.getByRole('form', { name: 'Next of kin' });
  await form.getByLabel(/Full name/).fill('Heir Chosen');
  await form.getByLabel(/Relationship/).selectOption('Child');
  await form.getByLabel('Email').fill(heir.email);
  const single = form.getByRole('group', { name: 'Single assets' });
  await single.getByRole('checkbox', { name: watch }).check();
  await expect(single.getByRole('checkbox', { name: bike })).not.toBeChecked();
  await form.getByLabel(/Personal message/).fill('The watch was your grandfather’s.');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Receives: ${watch}`)).toBeVisible();
  // The dialog on a phone: the chosen asset is kept when editing.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Edit Heir Chosen' }).click();
  const edit = page.getByRole('group', { name: 'Single assets' });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit.getByRole('checkbox', { name: watch })).toBeChecked();
  await page.getByRole('dialog').screenshot({ path: test.info().outputPath('nok-dialog-360.png') });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Invite Heir Chosen' }).click();
  const invite = await lastMailTo(heir.email, { subject: /named as a next of kin/ });
  const acceptLink = invite.links.find((l) => l.includes('/nok/accept'))!;

  const heirContext = await browser.newContext();
  const heirPage = await heirContext.newPage();
  await signIn(heirPage, heir);
  await heirPage.goto(acceptLink);
  await heirPage.getByRole('button', { name: 'Accept' }).click();
  await expect(heirPage.getByRole('status')).toContainText('you are their verified next of kin');

  // Named, nothing released yet: the header links /legacy, which says so truthfully.
  await heirPage.goto('/dashboard');
  await expect(heirPage.getByRole('link', { name: /Nothing has been released to you yet/ })).toBeVisible();
  await heirPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Legacy' }).click();
  await expect(heirPage).toHaveURL(/\/legacy$/);
  await expect(heirPage.getByRole('heading', { name: 'Nothing has been released to you yet' })).toBeVisible();
  await expect(heirPage.getByText(/1 person named you as their next of kin/)).toBeVisible();

  // The switch: on, 3 months; the test clock runs past the period and the grace period.
  const switchForm = page.getByRole('form', { name: 'Inactivity switch' });
  await switchForm.getByLabel(/Release my chosen assets/).check();
  await switchForm.getByLabel('Inactivity period').selectOption('3');
  await switchForm.getByRole('button', { name: 'Save switch' }).click();
  await lastMailTo(owner.email, { subject: /inactivity switch was changed/ });
  await serviceCall('/test/v1/clock', { advance_days: 200 });
  await lastMailTo(heir.email, { subject: /Assets were left to you/ });

  // The heir reads French, chosen in the profile menu.
  await heirPage.goto('/dashboard');
  await heirPage.getByRole('button', { name: 'Profile menu' }).click();
  await heirPage.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(heirPage.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(heirPage.getByRole('link', { name: /1 personne vous a transmis des biens/ })).toBeVisible();
  await heirPage.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Héritage' }).click();
  await expect(heirPage).toHaveURL(/\/legacy$/);
  await expect(heirPage.getByRole('heading', { name: 'De la part de Marguerite Owner' })).toBeVisible();
  await expect(heirPage.getByText('The watch was your grandfather’s.')).toBeVisible();
  const card = heirPage.getByRole('article', { name: watch });
  await expect(card).toBeVisible();
  await expect(heirPage.getByRole('article', { name: bike })).toHaveCount(0);

  // The photo shows; the document opens.
  const photo = card.getByRole('img', { name: `Photo 1 de ${watch}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const documentLink = card.getByRole('link', { name: /Ouvrir le document 2/ });
  const documentUrl = (await documentLink.getAttribute('href'))!;
  const documentFile = await heirPage.request.get(documentUrl);
  expect(documentFile.status()).toBe(200);
  expect(documentFile.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await documentFile.body()).equals(PDF)).toBe(true);

  await heirPage.screenshot({ path: test.info().outputPath('legacy-1280-fr.png'), fullPage: true });

  // History and proof, opened by keyboard.
  await card.getByText('Historique et preuve').focus();
  await heirPage.keyboard.press('Enter');
  await expect(card.getByRole('list', { name: 'Historique' })).toContainText('Enregistré');
  await expect(card.getByText(/Intégrité vérifiée/)).toBeVisible();

  // The certificate, in French (the button is reached and pressed by keyboard).
  const certificateDownload = heirPage.waitForEvent('download');
  await card.getByRole('button', { name: `Télécharger le certificat de ${watch} (PDF)` }).focus();
  await heirPage.keyboard.press('Enter');
  const certificate = new Uint8Array(fs.readFileSync((await (await certificateDownload).path())!));
  const text = await pdfText(certificate);
  expect(text).toContain('Certificat d’enregistrement');
  expect(text).toContain(watch);
  expect(text).not.toContain('Certificate of Registration');

  // Everything as one archive: files, certificate, history and proof.
  const archiveDownload = heirPage.waitForEvent('download');
  await heirPage.getByRole('button', { name: 'Tout télécharger (zip)' }).click();
  const archive = await archiveDownload;
  expect(archive.suggestedFilename()).toMatch(/\.zip$/);
  const entries = await unzip(fs.readFileSync((await archive.path())!));
  const folder = `01-pocket-watch-${mark.toLowerCase()}`;
  expect([...entries.keys()].sort()).toEqual(
    [
      'legacy.json',
      `${folder}/asset.json`,
      `${folder}/certificate.pdf`,
      `${folder}/files/01-photo.jpg`,
      `${folder}/files/02-document.pdf`,
      `${folder}/history.json`,
      `${folder}/proof.json`,
    ].sort(),
  );
  expect(entries.get(`${folder}/files/01-photo.jpg`)!.equals(JPEG)).toBe(true);
  expect(JSON.parse(entries.get(`${folder}/proof.json`)!.toString('utf8'))).toMatchObject({ entry_valid: true });
  expect(await pdfText(new Uint8Array(entries.get(`${folder}/certificate.pdf`)!))).toContain(
    'Certificat d’enregistrement',
  );

  // On a phone: nothing sticks out, and the header's menu still leads to /legacy.
  await heirPage.setViewportSize({ width: 360, height: 740 });
  await heirPage.reload();
  await expect(heirPage.getByRole('article', { name: watch })).toBeVisible();
  expect(await overflow(heirPage)).toEqual([]);
  await heirPage.screenshot({ path: test.info().outputPath('legacy-360-fr.png'), fullPage: true });
  await heirPage.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(
    heirPage.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Héritage' }),
  ).toBeVisible();
  await heirContext.close();
});
