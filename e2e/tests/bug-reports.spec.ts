// Bug reports end to end: a user reports a bug from a page (real screenshot, captured console
// errors); an admin finds it on /bug-reports with its screenshot and logs, triages and deletes it.
import { createUser, e2eEnv, expect, lastMailTo, openSignedIn, signIn, test } from '../fixtures/index.ts';

test('a user reports a bug and an admin finds it with its screenshot and logs', async ({ browser }) => {
  const run = Date.now().toString(36);
  const user = await createUser({ fullName: 'Rita Reporter' });
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, user, '/news');
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  await page.evaluate((r) => console.error(`E2E failure ${r}: widget did not load`), run);

  await page.getByRole('button', { name: 'Report a Bug' }).click();
  const modal = page.getByRole('dialog', { name: 'Report a Bug' });
  await expect(modal.getByText('Screenshot captured!')).toBeVisible({ timeout: 20_000 });
  await expect(modal.getByRole('img', { name: 'Screenshot preview' })).toBeVisible();
  await expect(modal.getByText(`E2E failure ${run}: widget did not load`)).toBeVisible();
  await expect(modal.getByText(/includes a screenshot/)).toBeVisible();
  const submit = modal.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await modal.getByLabel('Describe the issue').fill(`The news widget is blank ${run}`);
  await submit.click();
  await expect(
    page.getByText('Bug report submitted successfully! Thank you for helping us improve the product.').first(),
  ).toBeVisible();
  await expect(modal).toBeHidden();

  // The admins were told by e-mail.
  const notice = await lastMailTo(e2eEnv.admin.email, { subject: /New bug report from Rita Reporter/ });
  expect(notice.text).toContain(`The news widget is blank ${run}`);

  const admin = await createUser({ role: 'admin' });
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/bug-reports');
  await expect(adminPage.getByRole('heading', { name: 'Bug Reports' })).toBeVisible();
  await adminPage.getByRole('searchbox', { name: 'Search bug reports' }).fill(run);
  const item = adminPage.getByRole('button', { name: new RegExp(`The news widget is blank ${run}`) });
  await expect(item).toBeVisible();
  await expect(item.getByText('Screenshot available')).toBeVisible();
  await item.click();

  const detail = adminPage.getByRole('dialog', { name: 'Bug Report Details' });
  const shot = detail.getByRole('img', { name: 'Bug report screenshot' });
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(detail.getByText(new RegExp(`E2E failure ${run}: widget did not load`))).toBeVisible();
  await expect(detail.getByText(user.email)).toBeVisible();
  await expect(detail.getByText('Rita Reporter')).toBeVisible();
  await expect(detail.getByText(/\/news$/)).toBeVisible();

  await detail.getByLabel('Status').selectOption('resolved');
  await expect(adminPage.getByText('Bug report updated').first()).toBeVisible();
  await detail.getByLabel('Admin notes').fill('Fixed by the e2e run');
  await detail.getByRole('button', { name: 'Save Notes' }).click();
  await expect(detail.getByRole('button', { name: 'Save Notes' })).toBeDisabled();

  await detail.getByRole('button', { name: 'Delete Report' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Delete Bug Report' });
  await confirm.getByRole('button', { name: 'Delete Report' }).click();
  await expect(adminPage.getByText('Bug report deleted').first()).toBeVisible();
  await expect(item).toHaveCount(0);
});

test('a standard user cannot open the bug report listing', async ({ browser }) => {
  const user = await createUser();
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, user, '/bug-reports');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
