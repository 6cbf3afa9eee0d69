// Will and legacy, whole journey in Chromium: the owner tags an asset, adds a next of kin who
// accepts by e-mail, sets a 3-month switch; the test clock (POST /test/v1/clock, only on a server
// started with TEST_CLOCK=on) is advanced; each reminder arrives, then the final notice and the
// release mail; the heir signs in, sees the asset and the message, takes ownership; the serial
// check shows "transferred on …"; the owner's switch then shows the release and cannot be saved.
// Then the links in mails to people who may have no account: an invitation opened signed out (in
// French, on a phone) leads through sign-up and the confirmation mail back to the invitation; a
// declined one keeps showing its state; a transfer offer is shown pending on the asset page, can
// be cancelled, names the asset and its sender, and its recipient can stop such mails.
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createUser,
  e2eEnv,
  expect,
  lastMailTo,
  linkIn,
  openSignedIn,
  quotedCost,
  signIn,
  test,
  type TestUser,
  uniqueEmail,
} from '../fixtures/index.ts';
import { post, tokenOf } from '../fixtures/units.ts';
import { JPEG } from '../fixtures/files.ts';

// These tests move the server's application clock (months in seconds): each runs while no other test
// does (fixtures/turns.ts, decision 0162), since every test reading switches, transfers or checkouts shares it.
test.use({ movesAppClock: true });

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

/**
 * Days from the owner's last activity to the end of their switch's period, as PostgreSQL adds months
 * (in UTC, the database's zone): a month from the 31st ends on the last day of the next. Three months
 * are 89 to 92 days by the calendar of the day the test runs (from 29 November, 91).
 */
async function periodDays(userId: string): Promise<number> {
  const res = await fetch(
    `${e2eEnv.baseURL}/rest/v1/legacy_switches?select=last_activity_at,period_months&user_id=eq.${userId}`,
    { headers: { apikey: e2eEnv.serviceKey, authorization: `Bearer ${e2eEnv.serviceKey}` } },
  );
  const [row] = (await res.json()) as { last_activity_at: string; period_months: number }[];
  const from = new Date(row!.last_activity_at);
  const month = from.getUTCMonth() + row!.period_months;
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const end = new Date(from);
  end.setUTCFullYear(from.getUTCFullYear(), month, Math.min(from.getUTCDate(), lastDay));
  return Math.round((end.getTime() - from.getTime()) / 86_400_000);
}

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

  await openSignedIn(page, owner, '/tag');
  await page.getByTestId('tag-file-input').setInputFiles([{ name: 'watch.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
  const cost = await quotedCost(page);
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
  await expect(heirPage.getByRole('status')).toContainText('you are their verified next of kin');
  await lastMailTo(owner.email, { subject: /Legacy Heir accepted your invitation/ });
  await page.reload();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();

  // The heir asks early; the owner is told at once and refuses within the waiting period.
  await heirPage.goto('/legacy');
  await heirPage.getByRole('button', { name: 'Ask Legacy Owner for access early' }).click();
  await expect(heirPage.getByText(/unless they refuse, it opens on/)).toBeVisible();
  await lastMailTo(owner.email, { subject: /Legacy Heir asked for access to your legacy/ });
  await page.reload();
  // The card says who asked.
  await expect(page.getByText(/Legacy Heir asked for access on/)).toBeVisible();
  await page.getByRole('button', { name: 'Refuse the request of Legacy Heir' }).click();
  await expect(page.getByText('Request refused', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legacy activity' })).toContainText('Early request refused');
  // The heir sees the refusal and cannot ask again at once (each ask mails the owner).
  await heirPage.reload();
  await expect(heirPage.getByText(/They refused your request on .*\. You can ask again from /)).toBeVisible();
  await expect(heirPage.getByRole('button', { name: /for access early/ })).toHaveCount(0);

  // Time passes: each reminder, the final notice, the release.
  const period = await periodDays(owner.id);
  for (const [days, left] of [
    [period - 30, 30],
    [16, 14],
    [7, 7],
    [6, 1],
  ] as const) {
    await advanceDays(days);
    await lastMailTo(owner.email, {
      subject: new RegExp(`Are you still there\\? ${left} ${left === 1 ? 'day' : 'days'} left`),
    });
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

  // The owner's switch shows the release and can no longer be saved (it answered 500 before).
  await page.goto('/nok');
  const released = page.getByRole('form', { name: 'Inactivity switch' });
  await expect(released.getByRole('status')).toContainText('Your legacy was released on');
  await expect(released.getByRole('button', { name: 'Save switch' })).toBeDisabled();
  await expect(released.getByLabel(/Release my chosen assets/)).toBeDisabled();
});

/** A next of kin the owner adds and invites, through the API as the app does; returns the mail's link. */
async function invite(owner: TestUser, email: string, name: string): Promise<string> {
  const token = await tokenOf(owner);
  const [kin] = (await post(
    '/rest/v1/next_of_kin?select=id',
    { full_name: name, relationship: 'Friend', email, access_level: 'view', receives_kinds: ['legacy'] },
    token,
  )) as Array<{ id: string }>;
  const since = Date.now();
  await post('/rest/v1/rpc/legacy_invite', { p_next_of_kin: kin!.id }, token);
  const mail = await lastMailTo(email, { subject: /next of kin|proche/, since });
  return mail.links.find((l) => l.includes('/nok/accept'))!;
}

function masked(email: string): string {
  const [local, domain] = email.split('@') as [string, string];
  return `${local[0]}•••@${domain[0]}•••${domain.slice(domain.lastIndexOf('.'))}`;
}

/** Elements sticking out of a 360 px screen. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1) out.push(`${el.tagName} "${(el.textContent ?? '').slice(0, 40)}"`);
    }
    return out.slice(0, 5);
  });
}

test('a signed-out invitee signs up from the invitation, in French on a phone, and comes back to it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser({ fullName: 'Olivia Martin' });
  const inviteeEmail = uniqueEmail('invitee');
  const link = await invite(owner, inviteeEmail, 'Noé');

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByLabel('Language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // Signed out, the page names the inviter and the invited address (masked), and offers sign-up.
  await page.goto(link);
  await expect(page.getByText(`Olivia Martin (${owner.email}) vous a désigné comme proche.`)).toBeVisible();
  await expect(
    page.getByText(`Cette invitation a été envoyée à ${masked(inviteeEmail)}.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
  expect(await overflow(page), 'invitation at 360 px').toEqual([]);
  await page.getByRole('link', { name: 'Créer un compte' }).click();

  const form = page.getByRole('form', { name: 'S’inscrire' });
  await form.getByLabel('Nom complet').fill('Noé Invité');
  await form.getByLabel('E-mail').fill(inviteeEmail);
  await form.getByLabel('Mot de passe').fill('analytical-engine-1843');
  await form.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();

  // The confirmation link brings them back to the invitation, now signed in.
  const confirmation = await lastMailTo(inviteeEmail, { subject: /Confirmez/ });
  await page.goto(linkIn(confirmation));
  await expect(page).toHaveURL(/\/nok\/accept\?token=/, { timeout: 15_000 });
  await expect(page.getByText(`Olivia Martin (${owner.email}) vous a désigné comme proche.`)).toBeVisible();
  expect(await overflow(page), 'invitation signed in at 360 px').toEqual([]);
  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(page.getByRole('status')).toContainText('Vous avez accepté cette invitation le');
  await lastMailTo(owner.email, { subject: /accepted your invitation/ });

  // Re-opened, it shows its state, not Accept.
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('Vous avez accepté cette invitation le');
  await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
  await context.close();

  // Someone else signed in is told whose invitation it is, without the full address, and can switch.
  const stranger = await createUser({ fullName: 'Wrong Person' });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, stranger);
  const second = await invite(owner, uniqueEmail('second'), 'Second');
  await otherPage.goto(second);
  await expect(otherPage.getByRole('alert')).toContainText(`but you are signed in as ${stranger.email}`);
  await expect(otherPage.getByRole('alert')).toContainText(/This invitation is for \S•••@e•••\.com/);
  await otherPage.getByRole('button', { name: 'Switch account' }).click();
  await expect(otherPage).toHaveURL(/\/auth\?next=%2Fnok%2Faccept/);
  await expect(otherPage.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await other.close();
});

test('a declined invitation keeps showing that it was declined, without Accept', async ({ page }) => {
  const owner = await createUser({ fullName: 'Olivia Martin' });
  const invitee = await createUser({ fullName: 'Dana Decline' });
  const link = await invite(owner, invitee.email, 'Dana');
  await openSignedIn(page, invitee, link);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toContainText('This invitation was declined on');
  await page.reload();
  await expect(page.getByRole('status')).toContainText(
    'If that was a mistake, ask Olivia Martin (' + owner.email + ') to invite you again.',
  );
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
});

test('a transfer offer shows on the asset page until cancelled or accepted, and its recipient can stop such mails', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser({ fullName: 'Olivia Martin' });
  const title = `Violin ${crypto.randomBytes(3).toString('hex')}`;
  const { asset_id: assetId } = (await post(
    '/functions/v1/register-asset',
    { submissionId: crypto.randomUUID(), asset: { kind: 'general', title }, media: [] },
    await tokenOf(owner),
  )) as { asset_id: string };
  const recipientEmail = uniqueEmail('recipient');

  await openSignedIn(page, owner, `/assets/${assetId}`);
  const offer = async () => {
    const form = page.getByRole('form', { name: 'Transfer ownership' });
    await form.getByLabel("New owner's e-mail").fill(recipientEmail);
    await form.getByRole('button', { name: 'Offer transfer' }).click();
  };
  let since = Date.now();
  await offer();
  await expect(page.getByText(`Offered to ${recipientEmail} on`)).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflow(page), 'asset page with a pending transfer at 360 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The mail names the asset and the sender, and leads to the offer's own page.
  const first = await lastMailTo(recipientEmail, { since });
  expect(first.text).toContain(`«Olivia Martin» (${owner.email}) wants to transfer the ownership of «${title}»`);
  const firstLink = first.links.find((l) => l.includes('/transfers/'))!;
  expect(firstLink).toMatch(/\/transfers\/[0-9a-f-]{36}$/);

  // The owner cancels it; its link then says so.
  await page.getByRole('button', { name: `Cancel the transfer to ${recipientEmail}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel transfer' }).click();
  await expect(page.getByText(`Offered to ${recipientEmail} on`)).toHaveCount(0);
  const recipient = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const recipientPage = await recipient.newPage();
  await recipientPage.goto(firstLink);
  await expect(recipientPage.getByRole('status')).toContainText('This offer was withdrawn or replaced on');
  expect(await overflow(recipientPage), 'withdrawn offer at 360 px').toEqual([]);

  // The recipient stops mails from this sender: the next offer is refused and says why.
  await recipientPage.goto(first.links.find((l) => l.includes('/mail-preferences'))!);
  const fromOlivia = recipientPage.getByRole('listitem').filter({ hasText: 'from Olivia Martin' });
  await fromOlivia.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(fromOlivia).toContainText('Stopped');
  expect(await overflow(recipientPage), 'e-mail preferences at 360 px').toEqual([]);
  await offer();
  await expect(page.getByText(/This address asked not to receive invitations or transfer offers/)).toBeVisible();
  await fromOlivia.getByRole('button', { name: 'Allow again' }).click();
  await expect(fromOlivia).toContainText('Allowed');

  // Offered again: the signed-out recipient opens it, signs in and comes back to accept it.
  since = Date.now();
  await offer();
  await expect(page.getByText(`Offered to ${recipientEmail} on`)).toBeVisible();
  const second = await lastMailTo(recipientEmail, { since });
  const account = await createUser({ email: recipientEmail, fullName: 'Rita Recipient' });
  await recipientPage.goto(second.links.find((l) => l.includes('/transfers/'))!);
  await expect(
    recipientPage.getByText(`Olivia Martin (${owner.email}) offers you the ownership of «${title}».`),
  ).toBeVisible();
  expect(await overflow(recipientPage), 'transfer offer at 360 px').toEqual([]);
  await recipientPage.getByRole('link', { name: 'Sign in to accept' }).click();
  await signIn(recipientPage, account);
  await expect(recipientPage).toHaveURL(/\/transfers\//);
  await recipientPage.getByRole('button', { name: `Accept ownership of ${title}` }).click();
  await expect(recipientPage).toHaveURL(new RegExp(`/assets/${assetId}$`));
  await expect(recipientPage.getByRole('heading', { name: title })).toBeVisible();
  await recipient.close();
});
