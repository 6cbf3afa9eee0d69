// An admin adjusts a user's tokens on the dashboard; the user sees the new balance and the row.
import { createUser, e2eEnv, expect, signIn, test } from '../fixtures/index.ts';

test('an admin adjusts tokens and the user sees it', async ({ page, browser }) => {
  const user = await createUser({ fullName: 'Token Receiver' });

  await signIn(page, e2eEnv.admin);
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
  await signIn(page, user);
  await page.goto('/admin-influencer-dashboard');
  await expect(page).toHaveURL(/\/unauthorized/);
});

test('an admin bans a user, who can no longer sign in, then unbans them', async ({ page, browser }) => {
  const user = await createUser({ fullName: 'Ban Candidate' });
  await signIn(page, e2eEnv.admin);
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
