// Issue 14's journey in Chromium: a user asks for a business account, an admin approves it, the
// business fills its brand profile and declares its GTIN to be verified (decision 0140), which an
// admin does with evidence; it creates a product, adds a numbered range and imports 1,000 units from
// a CSV, downloads a label sheet whose QR codes decode to the units' URLs, recalls one unit; a
// visitor opens a label URL and sees the brand with its verified badge and the scan count; one
// visitor reloading the page raises no warning, but more than 10 different scanners do: the unit is
// flagged, a moderator marks it counterfeit and its scan page says so.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createUser, e2eEnv, expect, openSignedIn, signIn, test } from '../fixtures/index.ts';
import { gtin14, markFlaggedUnitCounterfeit, post, randomGtin, scanUnit, tokenOf } from '../fixtures/units.ts';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Decodes the QR images of the first page, as pdf.js hands them to a renderer. */
async function qrCodesOnFirstPage(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, standardFontDataUrl, isEvalSupported: false }).promise;
  const page = await doc.getPage(1);
  const ops = await page.getOperatorList();
  const found: string[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
    const name = ops.argsArray[i][0] as string;
    const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>(
      (resolve) => page.objs.get(name, resolve),
    );
    const pixels = image.width * image.height;
    const channels = image.data.length / pixels;
    const rgba = new Uint8ClampedArray(pixels * 4);
    for (let p = 0; p < pixels; p++) {
      for (let c = 0; c < 3; c++) rgba[p * 4 + c] = image.data[p * channels + (channels >= 3 ? c : 0)]!;
      rgba[p * 4 + 3] = 255;
    }
    const code = jsQR(rgba, image.width, image.height);
    if (code) found.push(code.data);
  }
  await doc.destroy();
  return found;
}

/** A CSV of 1,000 new units (CSV-0001 … CSV-1000, the second one sold), a line that is already in and a bad one. */
function thousandUnitsCsv(): Buffer {
  const lines = ['serial,status', 'bad serial', 'SN-0001'];
  for (let i = 1; i <= 1000; i++) {
    const serial = `CSV-${String(i).padStart(4, '0')}`;
    lines.push(i === 2 ? `${serial},sold` : serial);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('a business is approved, imports 1,000 units, prints labels; a scanned unit is flagged and marked counterfeit', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = await createUser({ fullName: 'Acme Owner' });
  const gtin = randomGtin();
  const brand = `Acme ${Date.now().toString(36)}`;

  // The user asks for a business account the way the app offers it.
  await openSignedIn(page, owner, '/business-upgrade');
  await page.getByLabel(/About your business/).fill('We make diving watches and sell them online.');
  await page.getByRole('button', { name: 'Request a business account' }).click();
  await expect(page.getByText('Pending review')).toBeVisible();

  // An admin approves it on the admin dashboard.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, e2eEnv.admin);
  await admin.goto('/admin-influencer-dashboard');
  const request = admin.getByRole('list', { name: 'Business account requests' }).getByRole('listitem').filter({
    hasText: owner.email,
  });
  await request.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(request).toHaveCount(0);
  await adminContext.close();

  // Signed in again, the business account has its screens.
  const context = await browser.newContext({ acceptDownloads: true });
  const biz = await context.newPage();
  await signIn(biz, owner);
  await biz.goto('/business/profile');
  await expect(biz.getByText('Verified business')).toBeVisible();
  const profile = biz.getByRole('form', { name: 'Brand profile' });
  await profile.getByLabel(/Brand name/).fill(brand);
  await profile.getByLabel('Website').fill('https://acme.example');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(biz.getByText('Brand profile saved')).toBeVisible();

  // The business declares the GTIN GS1 licensed to it; an admin verifies it with what they checked.
  const declare = biz.getByRole('form', { name: 'Declare a GS1 prefix' });
  await declare.getByLabel('What GS1 licensed to you').selectOption('single_gtin');
  await declare.getByLabel(/^GTIN/).fill(gtin);
  await declare.getByLabel(/Where an administrator can check it/).fill('GS1 licence 4711');
  await declare.getByRole('button', { name: 'Declare for verification' }).click();
  const declared = biz.getByTestId('gs1-prefix').filter({ hasText: gtin.slice(0, 12) });
  await expect(declared).toContainText('Waiting for verification');
  const verifierContext = await browser.newContext();
  const verifier = await verifierContext.newPage();
  await signIn(verifier, e2eEnv.admin);
  await verifier.goto('/admin-influencer-dashboard');
  const review = verifier.getByTestId('prefix-review').filter({ hasText: owner.email });
  await review.getByLabel(/What you checked/).fill('GS1 GEPIR names this business as the licensee');
  await review.getByRole('button', { name: 'Verify' }).click();
  await expect(review).toHaveCount(0);
  await verifierContext.close();
  await biz.reload();
  await expect(declared).toContainText('Verified on');

  // A product: the form refuses a GTIN with a wrong check digit, then takes the right one.
  await biz.goto('/business/products');
  await biz.getByRole('link', { name: 'New product' }).first().click();
  const product = biz.getByRole('form', { name: 'Product' });
  await product.getByLabel(/Product name/).fill('Diver 300');
  const wrong = gtin.slice(0, -1) + String((Number(gtin.at(-1)) + 1) % 10);
  await product.getByLabel('GTIN').fill(wrong);
  await product.getByRole('button', { name: 'Create product' }).click();
  await expect(product.getByText('This GTIN’s check digit is wrong: check the number on the barcode')).toBeVisible();
  await product.getByLabel('GTIN').fill(gtin);
  await product.getByLabel('Attributes').fill('Case: steel');
  await product.getByRole('button', { name: 'Create product' }).click();
  await expect(biz.getByRole('heading', { name: 'Diver 300' })).toBeVisible();

  // A numbered range, then 1,000 units from a CSV with one line already in and one bad line.
  const range = biz.getByRole('form', { name: 'Add a range of units' });
  await range.getByLabel('How many').fill('5');
  await expect(range.getByText('Adds SN-0001 to SN-0005')).toBeVisible();
  await range.getByRole('button', { name: 'Add range' }).click();
  await expect(biz.getByText(/5 units added \(SN-0001 to SN-0005\), 0 already there/)).toBeVisible();
  await biz.getByLabel('CSV file', { exact: true }).setInputFiles({
    name: 'units.csv',
    mimeType: 'text/csv',
    buffer: thousandUnitsCsv(),
  });
  await biz.getByRole('button', { name: 'Import', exact: true }).click();
  const report = biz.getByRole('status').filter({ hasText: 'already there' });
  await expect(report).toContainText('1,000 added, 1 already there, 1 with an error.', { timeout: 60_000 });
  await expect(biz.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(report.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expect(biz.getByRole('heading', { name: 'Units (1,005)' })).toBeVisible();

  // The business recalls one unit from the product page (its scan page says so below).
  const unitStatus = biz.getByRole('combobox', { name: 'Status of CSV-0001' });
  await unitStatus.selectOption('recalled');
  await expect(biz.getByText('CSV-0001 is now recalled')).toBeVisible();
  await expect(biz.getByRole('combobox', { name: 'Status of CSV-0002' })).toHaveValue('sold');

  // A label sheet for the range: every QR on it opens its unit's page on this server.
  await biz.getByLabel('From serial').fill('SN-0001');
  await biz.getByLabel('To serial').fill('SN-0005');
  const [download] = await Promise.all([
    biz.waitForEvent('download'),
    biz.getByRole('button', { name: 'Download label sheet (PDF)' }).click(),
  ]);
  const pdf = new Uint8Array(fs.readFileSync((await download.path())!));
  expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-');
  const codes = await qrCodesOnFirstPage(pdf);
  const base = new URL(e2eEnv.baseURL).origin;
  expect(codes.sort()).toEqual(
    ['SN-0001', 'SN-0002', 'SN-0003', 'SN-0004', 'SN-0005'].map((s) => `${base}/01/${gtin14(gtin)}/21/${s}`),
  );
  await context.close();

  // A visitor opens a label URL: the brand, its badge, the product and the scan count.
  const visitor = await browser.newContext();
  const scan = await visitor.newPage();
  await scan.goto(new URL(codes[0]!).pathname);
  await expect(scan.getByTestId('unit-brand')).toContainText(brand);
  await expect(scan.getByTestId('unit-brand')).toContainText('Verified business');
  await expect(scan.getByText('Diver 300')).toBeVisible();
  await expect(scan.getByTestId('unit-scan-count')).toHaveText('1');
  await expect(scan.getByTestId('unit-status')).toHaveText('Genuine, in circulation');
  await scan.reload();
  await expect(scan.getByTestId('unit-scan-count')).toHaveText('2');
  const recalled = await visitor.newPage();
  await recalled.goto(`/01/${gtin}/21/CSV-0001`);
  await expect(recalled.getByTestId('unit-status')).toHaveText('Recalled by the brand');

  // The same visitor scanning again and again raises no warning (issue 27, item 9)…
  await scanUnit(gtin, 'SN-0001', 10);
  await scan.reload();
  await expect(scan.getByTestId('unit-scan-count')).toHaveText('13');
  await expect(scan.getByRole('alert')).toHaveCount(0);
  // …ten more people make eleven different scanners in a day: the page warns and says what it
  // means, and the unit is in the moderators' queue.
  await scanUnit(gtin, 'SN-0001', 10, { differentScanners: true });
  await scan.reload();
  await expect(scan.getByTestId('unit-scan-count')).toHaveText('24');
  await expect(scan.getByText('More than 10 different people scanned this label in the last 24 hours.')).toBeVisible();
  await expect(scan.getByTestId('warning-many_scans')).toContainText('This is a signal, not a verdict');
  const moderatorContext = await browser.newContext();
  await markFlaggedUnitCounterfeit(await moderatorContext.newPage(), 'SN-0001', 24);
  await moderatorContext.close();

  await scan.reload();
  await expect(scan.getByTestId('unit-status')).toHaveText('Reported counterfeit');
  await visitor.close();
});

test('a user who is not a business cannot open the business screens', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user, '/business/products');
  await expect(page).toHaveURL(/\/business-upgrade$/);
});

/** A page wider than its window: something sticks out at this width. */
const pageOverflows = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the overview counts the catalogue; units are found by serial, print in batches and give their QR, at 360 px in English and French', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser({ isBusiness: true, fullName: 'Catalogue Owner' });
  const token = await tokenOf(owner);
  const [product] = (await post(
    '/rest/v1/business_products',
    { business_id: owner.id, name: 'Diver 300', sku: `D300-${Date.now().toString(36)}` },
    token,
  )) as { id: string }[];
  await post(
    '/rest/v1/rpc/business_add_unit_range',
    { p_product_id: product!.id, p_prefix: 'AC-', p_start: 1, p_count: 1055, p_width: 4 },
    token,
  );
  // Refusals the screens expect (a serial already there, a range too long or empty) must not reach
  // the browser's console as failed requests.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, owner, '/business-dashboard');
  await expect(page.getByTestId('overview-products')).toHaveText('1');
  await expect(page.getByTestId('overview-units')).toHaveText('1,055');
  await expect(page.getByText('1,055 active, 0 sold, 0 recalled')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tag a product' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/business/products/new');
  expect(await pageOverflows(page), 'overview at 360 px').toBe(false);
  await page.getByRole('table', { name: 'Newest products' }).getByRole('link', { name: 'Diver 300' }).click();

  // The list: 1,055 units, searched by the start of the serial, paged by keyset.
  await expect(page.getByRole('heading', { name: 'Units (1,055)' })).toBeVisible();
  await expect(page.getByTestId('unit-row').first()).toContainText('AC-0001');
  await page.getByRole('navigation', { name: 'Unit pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('unit-row').first()).toContainText('AC-0051');
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by serial' }).fill('AC-105');
  await expect(page.getByTestId('unit-row')).toHaveCount(6);
  await expect(page.getByTestId('unit-row').first()).toContainText('AC-1050');
  await page.getByRole('searchbox', { name: 'Search by serial' }).fill('ZZ');
  await expect(page.getByText('No serial starts with “ZZ”.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by serial' }).fill('AC-0001');
  await expect(page.getByTestId('unit-row')).toHaveCount(1);

  // One unit's QR code, as SVG and as PNG.
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the QR code of AC-0001 as SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('label-AC-0001.svg');
  expect(fs.readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg /);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the QR code of AC-0001 as PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('label-AC-0001.png');
  expect(
    fs
      .readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');

  // A serial already there is said so, without a failed request.
  const addOne = page.getByRole('form', { name: 'Add one unit' });
  await addOne.getByLabel('Serial number').fill('AC-0001');
  await addOne.getByRole('button', { name: 'Add unit' }).click();
  await expect(page.getByText('You already have a unit with this serial')).toBeVisible();

  // The label hint states the real limit; all 1,055 units print in two files.
  await expect(
    page.getByText('One PDF file holds at most 1,000 labels: a longer range is printed in several files.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Download label sheet (PDF)' }).click();
  await expect(
    page.getByText('This range holds 1,055 units and one file holds at most 1,000 labels. Print it in 2 files:'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'AC-0001 to AC-1000 (1,000 labels)' })).toBeVisible();
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'AC-1001 to AC-1055 (55 labels)' }).click(),
  ]);
  expect(
    fs
      .readFileSync((await sheet.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await page.getByLabel('From serial').fill('ZZ-1');
  await page.getByRole('button', { name: 'Download label sheet (PDF)' }).click();
  await expect(page.getByText('No units in this range: check the first and last serials.')).toBeVisible();
  expect(await pageOverflows(page), 'product page at 360 px').toBe(false);
  expect(consoleErrors).toEqual([]);

  // The same screens in French.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/business-dashboard');
  await expect(page.getByTestId('overview-units')).toHaveText(/^1\s055$/);
  await expect(page.getByText('Scans d’étiquettes, 30 derniers jours')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Produits les plus récents' })).toBeVisible();
  expect(await pageOverflows(page), 'overview in French at 360 px').toBe(false);
  await page.getByRole('table', { name: 'Produits les plus récents' }).getByRole('link', { name: 'Diver 300' }).click();
  await expect(page.getByRole('searchbox', { name: 'Rechercher par numéro de série' })).toBeVisible();
  await page.getByRole('button', { name: 'Télécharger la planche d’étiquettes (PDF)' }).click();
  await expect(page.getByText('Imprimez-la en 2 fichiers', { exact: false })).toBeVisible();
  expect(await pageOverflows(page), 'product page in French at 360 px').toBe(false);
  expect(consoleErrors).toEqual([]);
});
