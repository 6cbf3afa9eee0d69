// A buyer in Douala tops up with MTN Mobile Money in CFA francs (issue 32, decision 0154): the
// wallet offers MTN MoMo in XAF first for a Cameroonian profile and asks for the payer's number;
// the server sends a request-to-pay for the package's price (the local MTN server of
// packages/test-kit plays MTN and the payer's phone) and the wallet says to approve it on the
// phone. Nothing is credited until MTN reports the request successful; the callback, sent again,
// credits nothing more; the receipt is in francs. A payer who never approves: after five minutes
// of the server's clock the purchase expires, the wallet says so and nothing is credited.
import type { Page } from '@playwright/test';
import { createUser, e2eEnv, expect, lastMailTo, openSignedIn, test, updateProfile } from '../fixtures/index.ts';
import { purchaseRow, returnedPurchase, service, walletOf } from '../fixtures/purchases.ts';

// The wallet's first paint (and its paint on the way back from the provider) waits for its packages,
// purchases and profile; a shared machine can take a while to run them all.
const WALLET_READY = { timeout: 30_000 };
/** A journey through the wallet, a provider and back, on that machine. */
const TEST_TIMEOUT_MS = 150_000;

interface FakeRequest {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  payer: { partyIdType: string; partyId: string };
  status: string;
}

/** The payer's phone: approve the request (MTN then calls the server back), or MTN's callback again. */
async function onThePhone(
  referenceId: string,
  action: 'approve' | 'callback',
): Promise<FakeRequest & { callback: { status: number; body: { outcome?: string } } }> {
  const res = await fetch(`${e2eEnv.mtnMomoApiBase}/_fake/${referenceId}/${action}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as FakeRequest & { callback: { status: number; body: { outcome?: string } } };
}

async function requestToPay(referenceId: string): Promise<FakeRequest | undefined> {
  const res = await fetch(`${e2eEnv.mtnMomoApiBase}/_fake/requests`);
  return ((await res.json()) as FakeRequest[]).find((r) => r.referenceId === referenceId);
}

/** Signs in a Cameroonian buyer and asks for 100 TMT from this number; answers the purchase id. */
async function requestPayment(
  page: Page,
  phone: string,
): Promise<{ userId: string; email: string; purchaseId: string }> {
  const user = await createUser({ fullName: 'Douala Buyer' });
  await updateProfile(user.id, { country: 'CM' });
  await openSignedIn(page, user, '/wallet');
  // The buyer's country picks the way to pay shown first.
  await expect(page.getByRole('combobox', { name: 'Pay with' })).toHaveValue('mtn_momo:xaf', WALLET_READY);
  await page.getByRole('textbox', { name: 'Your MTN Mobile Money number' }).fill(phone);
  await page.getByRole('button', { name: /^Buy 100 TMT for FCFA\s750$/ }).click();
  await expect(page).toHaveURL(/\/wallet\?purchase=[0-9a-f-]+&checkout=phone$/);
  return { userId: user.id, email: user.email, purchaseId: returnedPurchase(page.url()) };
}

test('a buyer in Douala pays with MTN MoMo in XAF, approved on the phone, and is credited once', async ({ page }) => {
  test.setTimeout(TEST_TIMEOUT_MS);
  const { userId, email, purchaseId } = await requestPayment(page, '+237 6 71 23 45 67');
  await expect(page.getByRole('status').filter({ hasText: 'on your phone' })).toContainText(
    /Approve the payment of FCFA\s750 on your phone \(\+237671234567\)/,
  );

  // MTN was asked for 750 francs from that number; until the payer approves, nothing is credited.
  const purchase = await purchaseRow(purchaseId);
  expect(purchase).toMatchObject({ status: 'pending', provider: 'mtn_momo', amount_minor: 750, currency: 'xaf' });
  const referenceId = purchase.provider_reference!;
  expect(await requestToPay(referenceId)).toMatchObject({
    amount: '750',
    currency: 'XAF',
    externalId: purchaseId,
    payer: { partyIdType: 'MSISDN', partyId: '237671234567' },
    status: 'PENDING',
  });
  expect(await walletOf(userId)).toEqual({ balance: 50, debt: 0 });

  // The payer approves; MTN's (unsigned) callback makes the server read the status and credit.
  const approved = await onThePhone(referenceId, 'approve');
  expect(approved.callback).toMatchObject({ status: 200, body: { outcome: 'credited' } });
  await expect(page.getByRole('status').filter({ hasText: 'added to your wallet' })).toContainText(
    '100 TMT added to your wallet. Your balance is now 150 TMT.',
    WALLET_READY,
  );
  await expect(page.getByTestId('header-balance')).toHaveText('150 TMT');

  // The same callback again (MTN may repeat it): nothing more is credited.
  const repeated = await onThePhone(referenceId, 'callback');
  expect(repeated.callback.status).toBe(200);
  expect(repeated.callback.body.outcome).not.toBe('credited');
  expect(await walletOf(userId)).toEqual({ balance: 150, debt: 0 });
  expect((await purchaseRow(purchaseId)).status).toBe('paid');

  const purchases = page.getByRole('list', { name: 'Purchases' });
  await expect(purchases).toContainText('Paid');
  await purchases.getByText('Receipt').click();
  await expect(purchases.getByRole('definition').filter({ hasText: /^FCFA\s750$/ })).toBeVisible();
  const mail = await lastMailTo(email, { subject: /receipt/ });
  expect(mail.text).toMatch(/Amount paid: FCFA\s750/);
});

test.describe('with the clock moved', () => {
  // Moving the server's clock changes what every other test reading switches, transfers or
  // checkouts sees: this test runs alone (decision 0162).
  test.use({ movesAppClock: true });

  test('a payer who never approves: the request expires after five minutes and nothing is credited', async ({
    page,
  }) => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const { userId, purchaseId } = await requestPayment(page, '+237 6 99 88 77 66');
    await expect(page.getByRole('status').filter({ hasText: 'on your phone' })).toBeVisible();

    // Six minutes pass on the server's clock without an answer from the phone; the server's own
    // reading of the request (the polling job) expires the purchase, and the open wallet shows it.
    const advanced = await fetch(`${e2eEnv.baseURL}/test/v1/clock`, {
      method: 'POST',
      headers: { ...service(), 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: 6 / (24 * 60) }),
    });
    expect(advanced.status).toBe(200);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'The request was not approved within 5 minutes. Nothing was charged; you can try again.' }),
    ).toBeVisible({ timeout: 45_000 });
    expect((await purchaseRow(purchaseId)).status).toBe('expired');
    expect(await walletOf(userId)).toEqual({ balance: 50, debt: 0 });
    await expect(page.getByRole('list', { name: 'Purchases' })).toContainText('Expired');
  });
});
