// A buyer in Lagos tops up with Paystack in naira (issue 32, decision 0154): the wallet offers
// Paystack in NGN first for a Nigerian profile; the server initializes the transaction with the
// package's price in kobo and sends the buyer to Paystack's hosted page (the local Paystack server
// of packages/test-kit). A signed charge.success that Paystack's verify call does not confirm, and
// one with a forged signature, credit nothing; paying on the page delivers the signed event, the
// server verifies it and credits the purchase once, and the receipt (screen and e-mail) is in naira.
import crypto from 'node:crypto';
import { createUser, e2eEnv, expect, lastMailTo, openSignedIn, test, updateProfile } from '../fixtures/index.ts';
import { purchaseRow, returnedPurchase, walletOf } from '../fixtures/purchases.ts';

// The wallet's first paint (and its paint on the way back from the provider) waits for its packages,
// purchases and profile; a shared machine can take a while to run them all.
const WALLET_READY = { timeout: 30_000 };
/** A journey through the wallet, a provider and back, on that machine. */
const TEST_TIMEOUT_MS = 150_000;

/** Posts a Paystack event to the server's webhook, signed with this secret as Paystack signs. */
async function deliver(event: object, secret: string): Promise<number> {
  const body = JSON.stringify(event);
  const res = await fetch(`${e2eEnv.baseURL}/functions/v1/paystack-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': crypto.createHmac('sha512', secret).update(body).digest('hex'),
    },
    body,
  });
  return res.status;
}

test('a buyer in Lagos pays with Paystack in NGN and is credited only once Paystack confirms', async ({ page }) => {
  test.setTimeout(TEST_TIMEOUT_MS);
  const user = await createUser({ fullName: 'Lagos Buyer' });
  await updateProfile(user.id, { country: 'NG' });
  await openSignedIn(page, user, '/wallet');

  // The buyer's country picks the way to pay shown first.
  await expect(page.getByRole('combobox', { name: 'Pay with' })).toHaveValue('paystack:ngn', WALLET_READY);
  await page.getByRole('button', { name: /^Buy 100 TMT for NGN\s2,000\.00$/ }).click();

  // Paystack's hosted page, for the package's price: 2,000 naira sent as 200,000 kobo.
  await expect(page.getByRole('heading', { name: 'Test Paystack checkout' })).toBeVisible();
  await expect(page.getByText(`${user.email} — NGN 2000.00`)).toBeVisible();
  const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const pending = await purchaseRow(reference);
  expect(pending).toMatchObject({
    status: 'pending',
    provider: 'paystack',
    provider_reference: reference,
    amount_minor: 200000,
    currency: 'ngn',
  });

  // Before the buyer pays, a charge.success — signed with the right key, or forged — moves nothing:
  // the server believes only Paystack's verify call, which still says the transaction is ongoing.
  const claim = {
    event: 'charge.success',
    data: { id: 1, status: 'success', reference, amount: 200000, currency: 'NGN' },
  };
  expect(await deliver(claim, e2eEnv.paystack.secretKey)).toBe(200);
  expect(await deliver(claim, 'sk_test_not_the_servers_key')).toBe(400);
  expect((await purchaseRow(reference)).status).toBe('pending');
  expect(await walletOf(user.id)).toEqual({ balance: 50, debt: 0 });

  // Paying delivers the signed event; the server verifies it with Paystack and credits the purchase.
  await page.getByRole('button', { name: 'Pay NGN 2000.00' }).click();
  await expect(page).toHaveURL(/\/wallet\?purchase=[0-9a-f-]+&checkout=success/);
  expect(returnedPurchase(page.url())).toBe(reference);
  await expect(page.getByRole('status').filter({ hasText: 'added to your wallet' })).toContainText(
    '100 TMT added to your wallet. Your balance is now 150 TMT.',
    WALLET_READY,
  );
  await expect(page.getByTestId('header-balance')).toHaveText('150 TMT');

  // Paystack sends its event again (it retries until answered): it is applied once.
  expect(await deliver(claim, e2eEnv.paystack.secretKey)).toBe(200);
  expect(await walletOf(user.id)).toEqual({ balance: 150, debt: 0 });
  expect((await purchaseRow(reference)).status).toBe('paid');

  const purchases = page.getByRole('list', { name: 'Purchases' });
  await expect(purchases.getByRole('listitem')).toHaveCount(1);
  await expect(purchases).toContainText('Paid');
  await purchases.getByText('Receipt').click();
  await expect(purchases.getByRole('definition').filter({ hasText: /^NGN\s2,000\.00$/ })).toBeVisible();
  const mail = await lastMailTo(user.email, { subject: /receipt/ });
  expect(mail.text).toMatch(/Amount paid: NGN\s2,000\.00/);
  expect(mail.text).toContain('Tokens: 100 TMT');
});
