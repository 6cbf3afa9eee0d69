// /wallet for a new user: the welcome bonus, totals, search/filters and the CSV export.
import { createUser, expect, openSignedIn, test } from '../fixtures/index.ts';
import fs from 'node:fs';

test('the wallet shows the bonus, filters, and exports CSV', async ({ page }) => {
  const user = await createUser({ fullName: 'Wallet Owner' });
  await openSignedIn(page, user);
  await expect(page.getByTestId('header-balance')).toHaveText('50 TMT');
  await page.goto('/wallet');
  await expect(page.getByText('Current Balance').locator('..').locator('..')).toContainText('50 TMT');
  await expect(page.getByText('Total Earned').locator('..').locator('..')).toContainText('50 TMT');
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Type' }).selectOption('spent');
  await expect(page.getByText('No matching transactions')).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).selectOption('');
  await page.getByRole('searchbox', { name: 'Search transactions' }).fill('welcome');
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('date,type,source,description,amount_tmt,balance_after_tmt,reference,id');
  expect(csv).toContain(',earned,signup,Welcome bonus,50,50,');
});
