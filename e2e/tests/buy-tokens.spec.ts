// Buying tokens end to end: the wallet's package → Checkout (the local Stripe-compatible server's
// page) → Pay → the signed webhook credits the purchase → back in the app, the header balance
// has risen without a reload, the purchase is listed as paid with its receipt, and the receipt
// was e-mailed.
import { createUser, expect, lastMailTo, signIn, test } from '../fixtures/index.ts';

test('buying a package credits the wallet through the webhook and shows the receipt', async ({ page }) => {
  const user = await createUser({ fullName: 'Token Buyer' });
  await signIn(page, user);
  await expect(page.getByTestId('header-balance')).toHaveText('50 TMT');
  await page.goto('/wallet');
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
