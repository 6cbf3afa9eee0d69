// Buying tokens end to end: the wallet's package → Checkout (the local Stripe-compatible server's
// page) → Pay → the signed webhook credits the purchase → back in the app, the header balance
// has risen without a reload, the purchase is listed as paid with its receipt, and the receipt
// was e-mailed. Then, on a phone in English and French: cancelling on Checkout, and a debt left
// by a refund explained in the header and the wallet until a purchase pays it. The server also takes
// Paystack and MTN MoMo (tests/paystack.spec.ts, tests/mtn-momo.spec.ts): these journeys choose
// "Card in GBP" under "Pay with" themselves rather than rely on which way to pay comes first.
import type { Page } from '@playwright/test';
import {
  createUser,
  e2eEnv,
  expect,
  lastMailTo,
  openSignedIn,
  overflow,
  test,
  type TestUser,
} from '../fixtures/index.ts';
import { purchaseRow, returnedPurchase, service, walletOf } from '../fixtures/purchases.ts';

test('buying a package credits the wallet through the webhook and shows the receipt', async ({ page }) => {
  const user = await createUser({ fullName: 'Token Buyer' });
  await openSignedIn(page, user);
  await expect(page.getByTestId('header-balance')).toHaveText('50 TMT');
  await page.goto('/wallet');
  await page.getByRole('combobox', { name: 'Pay with' }).selectOption('stripe:gbp');
  const packages = page.getByRole('list', { name: 'Token packages' });
  await expect(packages.getByRole('listitem')).toHaveCount(3);
  await expect(packages.getByRole('listitem').nth(1)).toContainText('£0.90 per 100 TMT');
  await expect(packages.getByRole('listitem').nth(1)).toContainText('Save 10%');

  await page.getByRole('button', { name: 'Buy 100 TMT for £1.00' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay £1.00' }).click();

  await expect(page).toHaveURL(/\/wallet\?purchase=[0-9a-f-]+&checkout=success$/);
  await expect(page.getByRole('status').filter({ hasText: 'added to your wallet' })).toContainText(
    '100 TMT added to your wallet. Your balance is now 150 TMT.',
  );
  await expect(page.getByTestId('header-balance')).toHaveText('150 TMT');
  const purchases = page.getByRole('list', { name: 'Purchases' });
  await expect(purchases.getByRole('listitem')).toHaveCount(1);
  await expect(purchases).toContainText('Paid');
  await purchases.getByText('Receipt').click();
  await expect(purchases.getByRole('definition').filter({ hasText: '£1.00' })).toBeVisible();

  const mail = await lastMailTo(user.email, { subject: /receipt/ });
  expect(mail.subject).toMatch(/receipt TL-/);
  expect(mail.text).toContain('Tokens: 100 TMT');
});

// Issue 28, item 7: the journeys after the purchase, on a phone (360 px) in English and French.
const TEXTS = {
  en: {
    payWith: 'Pay with',
    buy: 'Buy 100 TMT for £1.00',
    cancelled: 'Checkout was cancelled. Nothing was charged.',
    purchases: 'Purchases',
    cancelledBadge: 'Cancelled',
    headerInDebt: '0 TMT · 80 TMT owed',
    headerInDebtName: 'Wallet balance: 0 TMT. You owe 80 TMT; your next purchase pays it first.',
    walletInDebt: 'Your balance is 0 TMT and you owe 80 TMT.',
    paidDebt: '100 TMT added to your wallet; 80 TMT of it paid what you owed. Your balance is now 20 TMT.',
  },
  fr: {
    payWith: 'Payer avec',
    buy: /^Acheter 100 TMT pour 1,00\s£GB$/,
    cancelled: 'Le paiement a été annulé. Rien n’a été débité.',
    purchases: 'Achats',
    cancelledBadge: 'Annulé',
    headerInDebt: '0 TMT · 80 TMT dus',
    headerInDebtName: 'Solde du portefeuille : 0 TMT. Vous devez 80 TMT ; votre prochain achat les règle d’abord.',
    walletInDebt: 'Votre solde est de 0 TMT et vous devez 80 TMT.',
    paidDebt:
      '100 TMT ajoutés à votre portefeuille ; 80 TMT ont réglé ce que vous deviez. Votre solde est maintenant de 20 TMT.',
  },
} as const;

/** Signs in, switches the interface to the language from the profile menu, then narrows to a phone. */
async function signInOnPhone(page: Page, user: TestUser, language: 'en' | 'fr'): Promise<void> {
  await openSignedIn(page, user);
  if (language === 'fr') {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

for (const language of ['en', 'fr'] as const) {
  const t = TEXTS[language];

  test(`cancel on Checkout: the purchase is cancelled once Stripe confirms it, at 360 px (${language})`, async ({
    page,
  }) => {
    const user = await createUser({ fullName: 'Changed Mind' });
    await signInOnPhone(page, user, language);
    await page.goto('/wallet');
    await page.getByRole('combobox', { name: t.payWith }).selectOption('stripe:gbp');
    await page.getByRole('button', { name: t.buy }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    const checkoutUrl = page.url();
    await page.getByRole('link', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/wallet\?purchase=[0-9a-f-]+&checkout=cancelled$/);
    await expect(page.getByRole('status').filter({ hasText: t.cancelled })).toBeVisible();
    const purchases = page.getByRole('list', { name: t.purchases });
    await expect(purchases.getByRole('listitem')).toHaveCount(1);
    await expect(purchases).toContainText(t.cancelledBadge);
    expect((await purchaseRow(returnedPurchase(page.url()))).status).toBe('cancelled');
    expect(await overflow(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`cancelled-360-${language}.png`), fullPage: true });

    // The session was ended at Stripe too: going back to it, it can no longer be paid.
    await page.goto(checkoutUrl);
    await expect(page.getByRole('heading', { name: 'This checkout is expired' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect.poll(async () => (await walletOf(user.id)).balance).toBe(50);
  });

  test(`a debt is explained where the balance is shown, and the purchase that pays it says so, at 360 px (${language})`, async ({
    page,
  }) => {
    const user = await createUser({ fullName: 'Owes Tokens' });
    await signInOnPhone(page, user, language);
    await page.goto('/wallet');
    await page.getByRole('combobox', { name: t.payWith }).selectOption('stripe:gbp');
    await page.getByRole('button', { name: t.buy }).click();
    await page.getByRole('button', { name: 'Pay £1.00' }).click();
    await expect(page).toHaveURL(/checkout=success$/);
    const first = returnedPurchase(page.url());
    await expect.poll(async () => (await walletOf(user.id)).balance).toBe(150);

    // 130 TMT spent, then the purchase is refunded in full from Stripe's dashboard: 20 TMT can be
    // taken back, 80 TMT become a debt.
    const spent = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/admin_adjust_tokens`, {
      method: 'POST',
      headers: { ...service(), 'content-type': 'application/json' },
      body: JSON.stringify({ p_user_id: user.id, p_amount: -130, p_reason: 'E2E: tokens spent' }),
    });
    expect(spent.status).toBe(200);
    const refund = await fetch(`${e2eEnv.stripe.apiBase}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${e2eEnv.stripe.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: (await purchaseRow(first)).stripe_payment_intent!, amount: '100' }),
    });
    expect(refund.status).toBe(200);
    await expect.poll(() => walletOf(user.id)).toEqual({ balance: 0, debt: 80 });

    await page.goto('/wallet');
    // On the phone the header has room for the balance and a warning sign; its name says the rest,
    // and the wallet it links to explains it in full.
    const chip = page.getByTestId('header-balance');
    await expect(chip).toHaveAccessibleName(t.headerInDebtName);
    await expect(page.getByTestId('header-debt-sign')).toBeVisible();
    await expect(page.getByTestId('header-debt')).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: t.walletInDebt })).toBeVisible();
    expect(await overflow(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`debt-360-${language}.png`), fullPage: true });
    // Wider, the header says it in words.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(chip).toHaveText(t.headerInDebt);
    await expect(page.getByTestId('header-debt')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });

    await page.getByRole('button', { name: t.buy }).click();
    await page.getByRole('button', { name: 'Pay £1.00' }).click();
    await expect(page).toHaveURL(/checkout=success$/);
    await expect(page.getByRole('status').filter({ hasText: t.paidDebt })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('20 TMT');
    await expect(page.getByTestId('header-debt-sign')).toHaveCount(0);
    expect(await walletOf(user.id)).toEqual({ balance: 20, debt: 0 });
    expect(await overflow(page)).toEqual([]);
  });
}
