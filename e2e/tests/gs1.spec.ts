// GS1 in Chromium (issues 27 and 28, decision 0140):
// - every GS1 Digital Link form of a genuine unit's label opens "genuine": the GTIN in 13 or 14
//   digits, a batch and variant before the serial, attributes in the query string, a product link
//   asking for the serial; a wrong check digit is "not a valid barcode number" and GS1's other keys
//   are "not supported" — never a counterfeit warning;
// - a serial two businesses issued: /verify lists both brands, verified first, the moderators'
//   queue shows the shared serial and which GTIN is verified, and the brand's analytics list it;
// - a business declares its prefix and an admin verifies it, the business and moderation screens in
//   French at 360 px without anything sticking out.
import type { Page } from '@playwright/test';
import { createUser, expect, openSignedIn, signIn, test } from '../fixtures/index.ts';
import { gtin14, post, randomGtin, tokenOf, verifyGtinForBusiness } from '../fixtures/units.ts';

/**
 * Elements of the part of the page under test that stick out of the window (a 360 px phone): none
 * may, except inside a box that scrolls sideways.
 */
async function overflow(page: Page, selector: string): Promise<string[]> {
  await expect(page.locator(selector).first()).toBeVisible();
  return page.evaluate((scope) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of Array.from(document.querySelectorAll(`${scope}, ${scope} *`))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) continue;
      let scroller: Element | null = el.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
      if (scroller && scroller !== document.documentElement && scroller !== document.body) continue;
      out.push(
        `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(r.right)}px`,
      );
    }
    return out.slice(0, 5);
  }, selector);
}

/** A business with a brand profile and one product with units, made through the API as the business. */
async function businessWithProduct(
  brand: string,
  product: { name: string; gtin?: string; sku?: string },
  serials: string[],
) {
  const user = await createUser({ isBusiness: true, fullName: `${brand} owner` });
  const token = await tokenOf(user);
  await post('/rest/v1/business_profiles', { business_id: user.id, brand_name: brand }, token);
  const [row] = (await post('/rest/v1/business_products', { business_id: user.id, ...product }, token)) as {
    id: string;
  }[];
  for (const serial of serials)
    await post('/rest/v1/business_units', { business_id: user.id, product_id: row!.id, serial }, token);
  return user;
}

async function toFrench(page: Page): Promise<void> {
  await page
    .getByRole('contentinfo')
    .getByLabel(/Language|Langue/)
    .selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
}

test('every GS1 Digital Link form of a genuine unit opens genuine; bad numbers and other keys are explained', async ({
  page,
}) => {
  const gtin = randomGtin();
  const brand = `Example ${Date.now().toString(36)}`;
  const owner = await businessWithProduct(brand, { name: 'Example item', gtin }, ['12345']);
  await verifyGtinForBusiness(owner.id, gtin);
  const long = gtin14(gtin);

  for (const path of [
    `/01/${long}/21/12345`,
    `/01/${gtin}/21/12345`,
    `/01/${long}/10/ABC123/21/12345`,
    `/01/${long}/22/2A/10/ABC%2F123/21/%31%32%33%34%35?17=261231&linkType=gs1:pip`,
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('unit-status'), path).toHaveText('Genuine, in circulation');
    await expect(page.getByTestId('unit-brand'), path).toContainText(`${brand} Verified business`);
    await expect(page.getByTestId('unit-serial'), path).toHaveText('12345');
  }
  await expect(page.getByTestId('unit-gtin')).toHaveText(`GTIN ${long} · batch ABC/123`);

  // A product link: the page asks for the item's serial, then checks it.
  await page.goto(`/01/${gtin}`);
  await expect(page.getByTestId('unit-no-serial')).toContainText(
    `This code names a product (GTIN ${long}), not one item.`,
  );
  await page.getByLabel('Serial number of the item').fill('12345');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL(new RegExp(`/01/${long}/21/12345$`));
  await expect(page.getByTestId('unit-status')).toHaveText('Genuine, in circulation');

  // A wrong check digit, and GS1's other keys: explained, never "a copy".
  const wrong = long.slice(0, -1) + String((Number(long.at(-1)) + 1) % 10);
  await page.goto(`/01/${wrong}/21/12345`);
  await expect(page.getByTestId('unit-invalid-gtin')).toContainText(`${wrong} is not a valid barcode number.`);
  await page.goto('/414/9520123456788');
  await expect(page.getByTestId('unit-unsupported')).toContainText('This GS1 code identifies a place (GLN).');
  await page.goto('/00/952012345678912345');
  await expect(page.getByTestId('unit-unsupported')).toContainText('a shipping unit (SSCC)');
  await expect(page.getByText(/may be a copy/)).toHaveCount(0);

  // A GTIN nobody proved to hold here: unknown, not a copy.
  await page.goto(`/01/${gtin14(randomGtin())}/21/12345`);
  await expect(page.getByTestId('unit-unknown-gtin')).toContainText('This does not mean the product is a copy');
});

test('a shared serial lists both brands on /verify and in the moderators’ queue, in French at 360 px', async ({
  page,
  browser,
}) => {
  const serial = `AC-${Date.now().toString(36)}`;
  const gtin = randomGtin();
  const genuine = `Zeta ${Date.now().toString(36)}`;
  const copier = `Alpha ${Date.now().toString(36)}`;
  const owner = await businessWithProduct(genuine, { name: 'Diver 300', gtin }, [serial]);
  await verifyGtinForBusiness(owner.id, gtin);
  await businessWithProduct(copier, { name: 'Look-alike', sku: `LOOK-${serial}` }, [serial]);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await toFrench(page);
  await page.goto(`/verify/${serial}`);
  await expect(page.getByText('Plusieurs marques ont émis ce numéro de série.')).toBeVisible();
  const candidates = page.getByTestId('unit-candidate');
  await expect(candidates).toHaveCount(2);
  await expect(candidates.first()).toContainText(genuine);
  await expect(candidates.first()).toContainText('Authentique, en circulation');
  await expect(candidates.nth(1)).toContainText(copier);
  expect(await overflow(page, '[data-testid="verify-unit"]'), '/verify with two brands at 360 px').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('fr-360-verify-shared-serial.png'), fullPage: true });

  // The moderators see the shared serial on both units, with the other brand and the GTIN's state.
  const moderatorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const moderatorPage = await moderatorContext.newPage();
  const moderator = await createUser({ role: 'moderator' });
  await signIn(moderatorPage, moderator);
  await toFrench(moderatorPage);
  await moderatorPage.goto('/moderator');
  await moderatorPage.getByRole('tab', { name: /Scans signalés|Flagged scans/ }).click();
  const item = moderatorPage
    .getByTestId('queue-item')
    .filter({ has: moderatorPage.getByRole('heading', { name: `${genuine} · Diver 300 · ${serial}` }) });
  await expect(item.getByTestId('shared-serial-brands')).toHaveText(copier);
  await expect(item.getByTestId('gtin-verification')).toHaveText(`${gtin14(gtin)} — préfixe GS1 vérifié`);
  expect(await overflow(moderatorPage, '[data-testid="queue-item"]'), 'flagged queue at 360 px').toEqual([]);
  await item.screenshot({ path: test.info().outputPath('fr-360-flagged-shared-serial.png') });
  await moderatorContext.close();

  // The genuine brand sees the serial listed as shared in its analytics.
  const ownerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner);
  await toFrench(ownerPage);
  await ownerPage.goto('/business/analytics');
  const shared = ownerPage.getByRole('table', { name: 'Numéros de série aussi utilisés par d’autres marques' });
  await expect(shared).toContainText(serial);
  await expect(shared).toContainText('Diver 300');
  expect(await overflow(ownerPage, '[data-testid="shared-serials"]'), 'shared serials at 360 px').toEqual([]);
  await ownerContext.close();
});

test('a business declares its GS1 prefix and an admin verifies it, in French at 360 px', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const gtin = randomGtin();
  const prefix = gtin.slice(0, 9);
  const brand = `Préfixe ${Date.now().toString(36)}`;
  const owner = await businessWithProduct(brand, { name: 'Lampe', gtin }, ['L-1']);

  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, owner);
  await toFrench(page);
  await page.goto('/business/profile');
  const form = page.getByRole('form', { name: 'Déclarer un préfixe GS1' });
  await form.getByLabel(/^Préfixe d’entreprise/).fill('2001234');
  await form.getByLabel(/Où un administrateur peut le vérifier/).fill('Licence GS1 France 77');
  await form.getByRole('button', { name: 'Déclarer pour vérification' }).click();
  await expect(form.getByText(/GS1 réserve les numéros commençant par 02, 04, 05, 2/)).toBeVisible();
  await form.getByLabel(/^Préfixe d’entreprise/).fill(prefix);
  await form.getByRole('button', { name: 'Déclarer pour vérification' }).click();
  const declared = page.getByTestId('gs1-prefix').filter({ hasText: prefix });
  await expect(declared).toContainText('En attente de vérification');
  expect(await overflow(page, '[data-testid="gs1-prefixes"]'), 'prefixes card at 360 px').toEqual([]);
  await page.getByTestId('gs1-prefixes').screenshot({ path: test.info().outputPath('fr-360-gs1-prefixes.png') });
  // Until then, the product says its GTIN is not verified.
  await page.goto('/business/products');
  await page.getByRole('link', { name: 'Lampe' }).click();
  await expect(page.getByTestId('gtin-notice')).toContainText('Non vérifié');
  expect(await overflow(page, '[data-testid="gtin-notice"]'), 'GTIN notice at 360 px').toEqual([]);

  // An admin, in French on a phone, verifies it with the evidence.
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await adminContext.newPage();
  // An admin of this test's own: choosing French is saved with the account.
  await signIn(admin, await createUser({ role: 'admin' }));
  await toFrench(admin);
  await admin.goto('/admin-influencer-dashboard');
  const review = admin.getByTestId('prefix-review').filter({ hasText: prefix });
  await expect(review).toContainText('Entreprise vérifiée');
  await expect(review).toContainText('Référence : Licence GS1 France 77');
  expect(await overflow(admin, '[data-testid="gs1-prefix-reviews"]'), 'admin prefix review at 360 px').toEqual([]);
  await review.screenshot({ path: test.info().outputPath('fr-360-admin-prefix-review.png') });
  await review.getByLabel(/Ce que vous avez vérifié/).fill('Fiche GEPIR au nom de la marque');
  await review.getByRole('button', { name: 'Vérifier' }).click();
  await expect(review).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('gtin-notice')).toContainText('Vérifié');
  await page.goto('/business/profile');
  await expect(declared).toContainText('Vérifié le');
  // Its label now opens genuine.
  await page.goto(`/01/${gtin14(gtin)}/21/L-1`);
  await expect(page.getByTestId('unit-status')).toHaveText('Authentique, en circulation');
});
