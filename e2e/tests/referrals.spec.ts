// A referral link → sign-up → e-mail confirmation: the new user gets the welcome bonus, and the
// five ancestors above the referrer's link each get a *pending* reward, paid exactly once when
// the newcomer's first token purchase is paid (checkout → signed webhook) — visible in their
// balances, their /wallet history and their /referrals figures.
import {
  createUser,
  e2eEnv,
  expect,
  lastMailTo,
  linkIn,
  signIn,
  test,
  uniqueEmail,
  type TestUser,
} from '../fixtures/index.ts';

async function accessToken(user: TestUser): Promise<string> {
  const res = await fetch(`${e2eEnv.baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: e2eEnv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function rest<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: e2eEnv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

const codeOf = async (token: string, id: string) =>
  (await rest<{ referral_code: string }[]>(token, `user_profiles?select=referral_code&id=eq.${id}`))[0]!.referral_code;
const balanceOf = async (token: string, id: string) =>
  Number((await rest<{ balance: number }[]>(token, `user_wallets?select=balance&user_id=eq.${id}`))[0]!.balance);

test("a referral link pays five levels of ancestors once, when the new user's first purchase is paid", async ({
  page,
  browser,
}) => {
  // A chain of six people: chain[5] referred by chain[4] … chain[1] referred by chain[0].
  const chain: { user: TestUser; token: string }[] = [];
  for (let i = 0; i < 6; i++) {
    const user = await createUser({ fullName: `Ancestor ${i}` });
    const token = await accessToken(user);
    if (i > 0) {
      const result = await rest<{ success: boolean; default_referrer_used: boolean }>(
        token,
        'rpc/apply_referral_on_signup',
        {
          method: 'POST',
          body: JSON.stringify({
            p_new_user_id: user.id,
            p_referral_code: await codeOf(chain[i - 1]!.token, chain[i - 1]!.user.id),
            p_source: 'e2e',
          }),
        },
      );
      expect(result).toEqual({ success: true, default_referrer_used: false });
    }
    chain.push({ user, token });
  }
  const before = await Promise.all(chain.map((c) => balanceOf(c.token, c.user.id)));
  const referrer = chain[5]!;
  const code = await codeOf(referrer.token, referrer.user.id);

  // The visitor follows the referrer's link, signs up and confirms the e-mail.
  await page.goto(`/general-tagging?ref=${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const email = uniqueEmail('referred');
  await page.goto(`/signup?ref=${code}&from=general-tagging`);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Referred Newcomer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('referred-newcomer-77');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/check-email/);
  const link = linkIn(await lastMailTo(email));
  expect(decodeURIComponent(link)).toContain(`ref=${code}`);
  await page.goto(link);
  await expect(page.getByText('Email verified and referral applied! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/tag$/, { timeout: 15_000 });

  // The newcomer: the welcome bonus in the header and the wallet.
  await expect(page.getByTestId('header-balance')).toHaveText('50 TMT');
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'TMT Wallet' })).toBeVisible();
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);
  await expect(page.getByTestId('transaction-row').first()).toContainText('Welcome bonus');

  // Signing up alone pays the ancestors nothing: the rewards are pending.
  expect(await Promise.all(chain.map((c) => balanceOf(c.token, c.user.id)))).toEqual(before);
  const pendingContext = await browser.newContext();
  const pendingPage = await pendingContext.newPage();
  await signIn(pendingPage, referrer.user);
  await pendingPage.goto('/referrals');
  await expect(pendingPage.getByTestId('stat-pending')).toContainText('50 TMT');
  await pendingContext.close();

  // The newcomer buys tokens: checkout → Pay → the webhook credits the purchase and the rewards.
  await page.getByRole('button', { name: 'Buy 100 TMT for £1.00' }).click();
  await page.getByRole('button', { name: 'Pay £1.00' }).click();
  await expect(page).toHaveURL(/\/wallet\?purchase=/);
  await expect(page.getByTestId('header-balance')).toHaveText('150 TMT');

  // The ancestors: level 1 (the referrer) … level 5; the sixth person up gets nothing.
  const after = await Promise.all(chain.map((c) => balanceOf(c.token, c.user.id)));
  expect(after.map((b, i) => b - before[i]!)).toEqual([0, 5, 10, 20, 30, 50]);

  // Reloading the callback (a retry) pays nothing more.
  await page.goto(link);
  await page.waitForURL(/\/(tag|dashboard|auth)/, { timeout: 15_000 });
  expect(await Promise.all(chain.map((c) => balanceOf(c.token, c.user.id)))).toEqual(after);

  // The referrer sees the reward in the wallet history and in the referral figures.
  const context = await browser.newContext();
  const referrerPage = await context.newPage();
  await signIn(referrerPage, referrer.user);
  await expect(referrerPage.getByTestId('header-balance')).toHaveText(`${after[5]} TMT`);
  await referrerPage.goto('/wallet');
  await expect(referrerPage.getByTestId('transaction-row').first()).toContainText(
    'Level 1 referral reward: Referred Newcomer made their first purchase',
  );
  await referrerPage.goto('/referrals');
  await expect(referrerPage.getByTestId('referral-code')).toHaveText(code);
  await expect(referrerPage.getByTestId('level-1')).toContainText('50 TMT');
  await expect(referrerPage.getByTestId('stat-earned')).toContainText('50 TMT');
  await expect(referrerPage.getByTestId('stat-pending')).toContainText('0 TMT');
  await expect(referrerPage.getByRole('list', { name: 'Referred people' })).toContainText('Referred Newcomer');
  await expect(referrerPage.getByRole('list', { name: 'Referred people' })).not.toContainText(email);
  await expect(referrerPage.getByRole('textbox', { name: 'Referral link' })).toHaveValue(
    new RegExp(`/general-tagging\\?ref=${code}$`),
  );
  await context.close();

  // A level-5 ancestor sees their 5 TMT in the history.
  const farContext = await browser.newContext();
  const farPage = await farContext.newPage();
  await signIn(farPage, chain[1]!.user);
  await farPage.goto('/wallet');
  await expect(farPage.getByTestId('transaction-row').first()).toContainText(
    'Level 5 referral reward: Referred Newcomer made their first purchase',
  );
  await expect(farPage.getByTestId('transaction-row').first()).toContainText('+5 TMT');
  await farContext.close();
});
