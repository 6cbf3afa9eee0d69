// An admin adjusts a user's tokens on the dashboard; the user sees the new balance and the row. An
// admin decides business requests after a confirmation, and the requesters get a mail; saving
// packages and prices says so; the audit log reads in words, in English and French.
import { createUser, e2eEnv, expect, lastMailTo, openSignedIn, signIn, test } from '../fixtures/index.ts';
import { post, tokenOf } from '../fixtures/units.ts';

test('an admin adjusts tokens and the user sees it', async ({ page, browser }) => {
  const user = await createUser({ fullName: 'Token Receiver' });

  await openSignedIn(page, e2eEnv.admin);
  await page.goto('/admin-influencer-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Sign-ups per day, last 30 days/ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Manage ${user.email}` }).click();
  const form = page.getByRole('form', { name: 'Adjust tokens' });
  await form.getByLabel('Amount (TMT)').fill('25');
  await form.getByLabel(/Reason/).fill('Contest prize');
  await form.getByRole('button', { name: 'Apply adjustment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 25 TMT' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-row')).toContainText('75 TMT');
  await expect(page.getByRole('list', { name: 'Audit log' })).toContainText('+25 TMT — Contest prize');

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signIn(userPage, user);
  await expect(userPage.getByTestId('header-balance')).toHaveText('75 TMT');
  await userPage.goto('/wallet');
  await expect(userPage.getByTestId('transaction-row').first()).toContainText('Admin adjustment: Contest prize');
  await expect(userPage.getByTestId('transaction-row').first()).toContainText('+25 TMT');
  await context.close();
});

test('non-admins cannot open the admin dashboard', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user, '/admin-influencer-dashboard');
  await expect(page).toHaveURL(/\/unauthorized/);
});

test('an admin bans a user, who can no longer sign in, then unbans them', async ({ page, browser }) => {
  const user = await createUser({ fullName: 'Ban Candidate' });
  await openSignedIn(page, e2eEnv.admin);
  await page.goto('/admin-influencer-dashboard');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Manage ${user.email}` }).click();
  await page.getByLabel('Ban reason (optional)').fill('Spam');
  await page.getByRole('button', { name: 'Ban user' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User banned and signed out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-row')).toContainText('Banned');

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await userPage.goto('/auth');
  const form = userPage.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(userPage.getByRole('alert').first()).toBeVisible();
  await expect(userPage).toHaveURL(/\/auth/);

  await page.getByRole('button', { name: `Manage ${user.email}` }).click();
  await page.getByRole('button', { name: 'Unban user' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User unbanned' })).toBeVisible();
  await signIn(userPage, user);
  await context.close();
});

test('an admin confirms business decisions, the requesters are told by mail; saves are confirmed; the audit log reads in words, also in French at 360 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const approved = await createUser({ fullName: 'Harbour Watches' });
  const declined = await createUser({ fullName: 'Vague Ventures' });
  for (const user of [approved, declined]) {
    await post('/rest/v1/rpc/request_business_account', { p_note: 'We sell watches' }, await tokenOf(user));
  }

  // An admin of this test's own: the French chosen below is saved with the account, and the shared
  // admin must stay English for the other specs.
  await openSignedIn(page, await createUser({ role: 'admin' }));
  await page.goto('/admin-influencer-dashboard');
  const requests = page.getByRole('list', { name: 'Business account requests' });
  const first = requests.getByRole('listitem').filter({ hasText: approved.email });

  // Approving asks first; cancelling decides nothing.
  await first.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Harbour Watches as a business?' });
  await expect(dialog).toContainText('We will tell them by e-mail.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Business account approved')).toBeVisible();
  await expect(first).toHaveCount(0);
  const approval = await lastMailTo(approved.email, { subject: /business account is approved/ });
  expect(approval.links).toContain(`${e2eEnv.baseURL}/business-dashboard`);

  const second = requests.getByRole('listitem').filter({ hasText: declined.email });
  await second.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject the request of Vague Ventures?' });
  await reject.getByLabel('Note for Vague Ventures (optional)').fill('Tell us your company number');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Request rejected')).toBeVisible();
  const rejection = await lastMailTo(declined.email, { subject: /request was declined/ });
  expect(rejection.text).toContain('Their note: Tell us your company number');

  // A new package (off sale, so no other test sells it) and a price change are confirmed.
  const name = `E2E pack ${Date.now().toString(36)}`;
  const fresh = page.getByRole('form', { name: 'New package' });
  await fresh.getByLabel('Name').fill(name);
  await fresh.getByLabel('Tokens').fill('700');
  await fresh.getByLabel('Price (GBP)').fill('6.00');
  await fresh.getByLabel('On sale').uncheck();
  await fresh.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Package ${name} added`)).toBeVisible();
  const row = page.getByRole('form', { name: `Package ${name}` });
  await row.getByLabel('Price (GBP)').fill('6.50');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Package ${name} saved`)).toBeVisible();
  const prices = page.getByRole('form', { name: 'Tagging prices' });
  const firstDocument = prices.getByLabel('First document');
  const before = await firstDocument.inputValue();
  await firstDocument.fill(String(Number(before) + 1));
  await prices.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Tagging prices saved')).toBeVisible();
  // Put the price back for the other tests.
  await firstDocument.fill(before);
  await prices.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Tagging prices saved').first()).toBeVisible();

  const audit = page.getByRole('list', { name: 'Audit log' });
  await expect(audit).toContainText(`New package ${name}: 700 TMT for £6.00; not on sale`);
  await expect(audit).toContainText(`Package ${name}: Price: £6.00 → £6.50`);
  await expect(audit).toContainText(`First document: ${before} TMT → ${Number(before) + 1} TMT`);
  await expect(audit).toContainText('Note: Tell us your company number');
  for (const code of ['save_token_package', 'update_tagging_price', 'approve_business_request']) {
    await expect(audit).not.toContainText(code);
  }

  // In French, on a phone.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.setViewportSize({ width: 360, height: 740 });
  const journal = page.getByRole('list', { name: 'Journal d’audit' });
  await expect(journal).toContainText('A enregistré une offre de jetons');
  await expect(journal).toContainText('A approuvé une demande professionnelle');
  await expect(journal).toContainText(new RegExp(`Offre ${name} : Prix : 6,00\\s?£\\S* → 6,50`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
});
