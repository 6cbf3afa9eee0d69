// Will and legacy, whole journey in Chromium: the owner tags an asset, adds a next of kin who
// accepts by e-mail, sets a 3-month switch; the test clock (POST /test/v1/clock, only on a server
// started with TEST_CLOCK=on) is advanced; each reminder arrives, then the final notice and the
// release mail; the heir signs in, sees the asset and the message, takes ownership; the serial
// check shows "transferred on …".
import crypto from 'node:crypto';
import { createUser, e2eEnv, expect, lastMailTo, signIn, test } from '../fixtures/index.ts';

const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAI2f/2Q==',
  'base64',
);

async function serviceCall(path: string, body: unknown): Promise<Response> {
  const res = await fetch(`${e2eEnv.baseURL}${path}`, {
    method: 'POST',
    headers: {
      apikey: e2eEnv.serviceKey,
      authorization: `Bearer ${e2eEnv.serviceKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return res;
}

const advanceDays = (days: number) => serviceCall('/test/v1/clock', { advance_days: days });

test('an heir is invited, the switch runs out, the heir takes ownership and the serial shows the transfer', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await createUser({ fullName: 'Legacy Owner' });
  const heir = await createUser({ fullName: 'Legacy Heir' });
  await serviceCall('/rest/v1/rpc/admin_adjust_tokens', { p_user_id: owner.id, p_amount: 200, p_reason: 'E2E legacy' });
  const serial = `LEG-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const title = `Pocket watch ${serial}`;

  await signIn(page, owner);
  await page.goto('/tag');
  await page.getByTestId('tag-file-input').setInputFiles([{ name: 'watch.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
  const cost = Number(((await page.getByTestId('tag-cost').textContent()) ?? '').replace(/[^\d]/g, ''));
  await page.getByRole('button', { name: `Register for ${cost} TMT` }).click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });

  // The next of kin: general items, inherit level, a message; then the invitation.
  await page.goto('/nok');
  await page.getByRole('button', { name: 'Add next of kin' }).click();
  const form = page.getByRole('form', { name: 'Next of kin' });
  await form.getByLabel(/Full name/).fill('Legacy Heir');
  await form.getByLabel(/Relationship/).selectOption('Child');
  await form.getByLabel('Email').fill(heir.email);
  await form.getByLabel('General items').check();
  await form.getByLabel(/Access level/).selectOption('inherit');
  await form.getByLabel(/Personal message/).fill('Wind it every Sunday.');
  await form.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Invite Legacy Heir' }).click();
  const invite = await lastMailTo(heir.email, { subject: /named as a next of kin/ });
  const acceptLink = invite.links.find((l) => l.includes('/nok/accept'))!;

  // The switch: on, 3 months.
  const switchForm = page.getByRole('form', { name: 'Inactivity switch' });
  await switchForm.getByLabel(/Release my chosen assets/).check();
  await switchForm.getByLabel('Inactivity period').selectOption('3');
  const savedAt = Date.now();
  await switchForm.getByRole('button', { name: 'Save switch' }).click();
  await lastMailTo(owner.email, { subject: /inactivity switch was changed/, since: savedAt });

  // The heir accepts.
  const heirContext = await browser.newContext();
  const heirPage = await heirContext.newPage();
  await signIn(heirPage, heir);
  await heirPage.goto(acceptLink);
  await heirPage.getByRole('button', { name: 'Accept' }).click();
  await expect(heirPage.getByRole('status')).toContainText('you are now their verified next of kin');
  await lastMailTo(owner.email, { subject: /Legacy Heir accepted your invitation/ });
  await page.reload();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();

  // The heir asks early; the owner is told at once and refuses within the waiting period.
  await heirPage.goto('/legacy');
  await heirPage.getByRole('button', { name: 'Ask Legacy Owner for access early' }).click();
  await expect(heirPage.getByText(/unless they refuse, it opens on/)).toBeVisible();
  await lastMailTo(owner.email, { subject: /Legacy Heir asked for access to your legacy/ });
  await page.reload();
  await page.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByText('Request refused', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legacy activity' })).toContainText('Early request refused');

  // Time passes: each reminder, the final notice, the release.
  for (const [days, left] of [
    [62, 30],
    [16, 14],
    [7, 7],
    [6, 1],
  ] as const) {
    await advanceDays(days);
    await lastMailTo(owner.email, { subject: new RegExp(`Are you still there\\? ${left} days left`) });
  }
  await advanceDays(2);
  await lastMailTo(owner.email, { subject: /Final notice/ });
  await advanceDays(15);
  await lastMailTo(owner.email, { subject: /Your legacy was released/ });
  await lastMailTo(heir.email, { subject: /Assets were left to you/ });

  // The heir sees the asset and the message, and takes ownership.
  await heirPage.goto('/legacy');
  await expect(heirPage.getByText('Wind it every Sunday.')).toBeVisible();
  await expect(heirPage.getByText(title).first()).toBeVisible();
  await heirPage.getByRole('button', { name: `Accept ownership of ${title}` }).click();
  await expect(heirPage.getByText(`${title} is now yours`)).toBeVisible();
  await heirPage.goto('/assets');
  await expect(heirPage.getByText(title).first()).toBeVisible();

  // Anyone checking the serial sees the transfer, without who to whom.
  await heirPage.goto(`/verify/${serial}`);
  await expect(heirPage.getByTestId('verify-transferred')).toContainText('transferred on');
  await expect(heirPage.getByText('Legacy Owner')).toHaveCount(0);
  await heirContext.close();
});
