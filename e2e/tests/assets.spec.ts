// Tag an asset with a photo and a PDF, pay the shown cost, make it public, find it anonymously,
// check its serial, write to the owner (confirmed by e-mail) and block that sender, report it
// stolen, and verify the downloaded certificate.
import crypto from 'node:crypto';
import fs from 'node:fs';
import * as jose from 'jose';
import { PDFDocument } from 'pdf-lib';
import {
  createUser,
  e2eEnv,
  expect,
  lastMailTo,
  linkIn,
  openSignedIn,
  quotedCost,
  test,
  uniqueEmail,
} from '../fixtures/index.ts';
import { JPEG, PDF } from '../fixtures/files.ts';

async function credit(userId: string, amount: number): Promise<void> {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/rpc/admin_adjust_tokens`, {
    method: 'POST',
    headers: {
      apikey: e2eEnv.serviceKey,
      authorization: `Bearer ${e2eEnv.serviceKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_user_id: userId, p_amount: amount, p_reason: 'E2E tagging budget' }),
  });
  if (!res.ok) throw new Error(`credit failed: ${res.status} ${await res.text()}`);
}

const balanceOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('tag, publish, verify, contact the owner, report stolen and check the certificate', async ({ page, browser }) => {
  // One journey through a dozen screens and two mail round trips: more than the default minute.
  test.setTimeout(120_000);
  const owner = await createUser({ fullName: 'Asset Owner' });
  await credit(owner.id, 200);
  const serial = `E2E-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const title = `Road bike ${serial}`;

  await openSignedIn(page, owner);
  await expect
    .poll(async () => balanceOf(await page.getByTestId('header-balance').textContent()))
    .toBeGreaterThanOrEqual(200);
  const balanceBefore = balanceOf(await page.getByTestId('header-balance').textContent());

  // Tag it.
  await page.goto('/tag');
  await page.getByTestId('tag-file-input').setInputFiles([
    { name: 'bike.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
  await page.getByRole('textbox', { name: 'Make', exact: true }).fill('Trek');
  const cost = await quotedCost(page);
  expect(cost).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Register for ${cost} TMT` }).click();

  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(`${(balanceBefore - cost).toLocaleString('en-US')} TMT`);
  await expect(page.getByTestId('proof-integrity')).toContainText('Integrity verified');
  const detailUrl = page.url();

  // The receipt is shown in the page: Chromium's PDF viewer runs in the frame (storage answers may
  // be framed by the app, and stay sandboxed), instead of "refused to connect".
  await page.getByRole('button', { name: /^2\. document/i }).click();
  await expect(page.locator('iframe[title="Document 2"]')).toBeVisible();
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai')))
    .toBe(true);
  expect(page.frames().some((f) => f.url().startsWith('chrome-error:'))).toBe(false);

  // Add the warranty later: charged the price difference (a further document).
  await page.getByRole('button', { name: 'Add files' }).click();
  await page
    .getByLabel('Files to add')
    .setInputFiles([{ name: 'warranty.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  const addButton = page.getByRole('dialog').getByRole('button', { name: /^Add for \d+ TMT$/ });
  await expect(addButton).toBeVisible();
  const addCost = balanceOf(await addButton.textContent());
  await addButton.click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('header-balance')).toHaveText(
    `${(balanceBefore - cost - addCost).toLocaleString('en-US')} TMT`,
  );
  await expect(page.getByRole('list', { name: 'History' })).toContainText('Edited');

  // It is in My Assets.
  await page.goto('/assets');
  await expect(page.getByRole('list', { name: 'Assets' })).toContainText(title);

  // Make it public.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Make public' }).click();
  await expect(page.getByRole('button', { name: 'Make private' })).toBeVisible();

  // An anonymous visitor finds it and checks the serial.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/public-assets');
  await visitor.getByLabel('Search public assets').fill(serial);
  await expect(visitor.getByRole('list', { name: 'Public assets' })).toContainText(title);
  await expect(visitor.getByRole('list', { name: 'Public assets' })).not.toContainText(owner.email);
  await visitor.goto(`/verify/${serial}`);
  await expect(visitor.getByTestId('verify-status')).toHaveText('Registered, not reported lost or stolen');
  await expect(visitor.getByText(title)).toBeVisible();

  // The visitor writes to the owner; nothing is relayed until they confirm their address.
  const finderEmail = uniqueEmail('finder');
  await visitor.getByRole('button', { name: 'Contact the owner' }).click();
  await visitor.getByRole('textbox', { name: /Your e-mail/ }).fill(finderEmail);
  await visitor.getByRole('textbox', { name: /Your name/ }).fill('PayPal Security');
  await visitor.getByRole('textbox', { name: /Message/ }).fill('I think I saw your bike at the station');
  await visitor.getByRole('button', { name: 'Send to the owner' }).click();
  await expect(visitor.getByText('Check your inbox to confirm')).toBeVisible();
  await expect(visitor.getByText('Nothing has been sent to the owner yet.', { exact: false })).toBeVisible();
  const confirmation = await lastMailTo(finderEmail, { subject: /Confirm your e-mail address/ });
  expect(confirmation.text).not.toContain('I think I saw your bike');
  await visitor.goto(linkIn(confirmation));
  await expect(visitor.getByTestId('contact-confirm-title')).toHaveText('Your message was sent to the owner');
  await visitor.reload();
  await expect(visitor.getByTestId('contact-confirm-title')).toHaveText('This message was already sent');
  await visitor.goto(`/verify/${serial}`);

  // The owner's mail comes from the product with a fixed subject; the name is only quoted in it.
  const relayed = await lastMailTo(owner.email, { subject: /A visitor sent a message about your item/ });
  expect(relayed.subject).not.toMatch(/paypal/i);
  expect(relayed.text).toContain('A visitor who gave the name «PayPal Security» and confirmed their e-mail address');
  expect(relayed.text).toContain('I think I saw your bike at the station');

  // The owner blocks the sender from the mail's link and finds them in Settings.
  const blockLink = relayed.links.find((l) => l.includes('/contact/block?message='));
  expect(blockLink).toBeTruthy();
  await page.goto(blockLink!);
  await page.getByRole('button', { name: 'Block this sender' }).click();
  await expect(page.getByText('The sender is blocked.', { exact: false })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('list', { name: 'Blocked senders' })).toContainText('PayPal Security');
  await page.goto(detailUrl);

  // The owner reports it stolen; the check shows the warning.
  await page.getByRole('button', { name: 'Report stolen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Report stolen' }).click();
  await expect(page.getByRole('button', { name: 'Mark found' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByTestId('verify-warning')).toContainText('Reported stolen by its owner');
  await expect(visitor.locator('body')).not.toContainText(owner.email);
  await visitorContext.close();

  // Download the certificate and verify it against the public checkpoint.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Certificate' }).click();
  const download = await downloadPromise;
  const file = await download.path();
  const doc = await PDFDocument.load(fs.readFileSync(file));
  const subject = doc.getSubject() ?? '';
  const proof = JSON.parse(subject.slice(subject.indexOf('{'))) as {
    serial_number: string;
    seq: number;
    event: string;
    record_hash: string;
    prev_hash: string;
    entry_hash: string;
    created_at: string;
    checkpoint: { seq: number; entry_hash: string; signature: string };
  };
  expect(proof.serial_number).toBe(serial);
  expect(proof.event).toBe('stolen');
  expect(proof.entry_hash).toBe(
    crypto
      .createHash('sha256')
      .update(`${proof.prev_hash}|${proof.record_hash}|${proof.seq}|${proof.event}|${proof.created_at}`)
      .digest('hex'),
  );
  const res = await fetch(`${e2eEnv.baseURL}/functions/v1/ledger-checkpoints`, {
    method: 'POST',
    headers: { apikey: e2eEnv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ fromSeq: proof.seq }),
  });
  const published = (await res.json()) as { keys: jose.JSONWebKeySet; entries: { seq: number; entry_hash: string }[] };
  const { payload } = await jose.jwtVerify(proof.checkpoint.signature, jose.createLocalJWKSet(published.keys));
  expect(payload).toMatchObject({ seq: proof.checkpoint.seq, entry_hash: proof.checkpoint.entry_hash });
  expect(published.entries.find((e) => e.seq === proof.seq)?.entry_hash).toBe(proof.entry_hash);
  expect(published.entries.find((e) => e.seq === proof.checkpoint.seq)?.entry_hash).toBe(proof.checkpoint.entry_hash);

  // Anyone can check the certificate on the verify page (in the browser, against the public chain).
  const checker = await browser.newContext();
  const checkPage = await checker.newPage();
  await checkPage.goto(`/verify/${serial}`);
  await checkPage.getByText('Check an ownership certificate').click();
  // The picker is enabled once the app has attached to the prerendered page (decision 0138).
  await expect(checkPage.getByLabel('Certificate PDF')).toBeEnabled();
  await checkPage.getByLabel('Certificate PDF').setInputFiles(file);
  await expect(checkPage.getByTestId('certificate-result')).toContainText('Certificate verified');
  // The certificate carries its transparency log proof: checked with WebCrypto, then against today's log.
  const certificateProof = checkPage.getByTestId('certificate-result').getByTestId('log-proof');
  await expect(certificateProof).toHaveAttribute('data-verified', 'yes');
  await expect(certificateProof).toContainText('The log today still holds this entry');
  // The live answer for the serial carries its proof too, checked in the browser.
  await checkPage.goto(`/verify/${serial}`);
  // Its verdict shows beside the section's title; the steps open on request.
  await expect(checkPage.getByTestId('verify-verdict').getByTestId('log-verdict-mark')).toHaveAttribute(
    'data-verified',
    'yes',
  );
  await checkPage.getByTestId('verify-verdict').getByText('Proof in the public log').click();
  const liveProof = checkPage.getByTestId('verify-verdict').getByTestId('log-proof');
  await expect(liveProof).toBeVisible();
  await expect(liveProof).toHaveAttribute('data-verified', 'yes');
  await expect(liveProof).toContainText('The tree head is signed by the log key');
  await checkPage.getByText('Keep this proof (QR code)').click();
  await expect(checkPage.getByRole('img', { name: 'QR code holding the proof bundle' })).toBeVisible();
  await checkPage.setViewportSize({ width: 360, height: 800 });
  const overflow = await checkPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checker.close();
});

test('a balance below the cost says Insufficient tokens before uploading, with nothing in the console', async ({
  page,
}) => {
  const user = await createUser({ fullName: 'Short Of Tokens', password: 'Tl-short-ledger-58!' });
  await credit(user.id, -50); // spend the welcome bonus: nothing left
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  const charges: string[] = [];
  page.on('request', (req) => {
    // Uploads and the charging call; a price quote (quoteOnly) is not a charge.
    const upload = req.url().includes('/storage/v1/object/') && req.method() !== 'GET';
    const charge = req.url().includes('/functions/v1/register-asset') && !(req.postData() ?? '').includes('quoteOnly');
    if (upload || charge) charges.push(`${req.method()} ${req.url()}`);
  });
  await openSignedIn(page, user);
  await expect(page.getByTestId('header-balance')).toHaveText('0 TMT');
  await page.goto('/tag');
  await page.getByTestId('tag-file-input').setInputFiles([{ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await page.getByRole('textbox', { name: 'Title' }).fill('Desk lamp');
  const cost = await quotedCost(page);
  await page.getByRole('button', { name: `Register for ${cost} TMT` }).click();
  await expect(page.getByRole('alert')).toContainText(
    `Insufficient tokens. This needs ${cost} TMT. Nothing was charged.`,
  );
  await expect(page.getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/wallet#buy-tokens');
  expect(charges).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
