import { createUser, expect, lastMailTo, linkIn, signIn, test, uniqueEmail } from '../fixtures/index.ts';

test.describe('sign up and e-mail confirmation', () => {
  test('sign up → confirmation mail → callback → dashboard', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('analytical-engine-1843');
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/check-email/);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await lastMailTo(email);
    await page.goto(linkIn(mail));
    await expect(page.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
    await expect(page.getByText(/Email verified/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/^\d[\d,]* TMT$/);
  });

  test('a sign-up that started on a tagging landing ends on /tag', async ({ page }) => {
    const email = uniqueEmail('tagging');
    await page.goto('/general-tagging');
    // The landing is remembered once it is shown (after the language catalogue has loaded).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('cobol-compiler-1959');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/check-email/);

    const link = linkIn(await lastMailTo(email));
    expect(decodeURIComponent(link)).toContain('from=general-tagging');
    await page.goto(link);
    await expect(page).toHaveURL(/\/tag$/, { timeout: 15_000 });
  });

  test('a duplicate sign-up gets a friendly message', async ({ page }) => {
    const user = await createUser();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Someone Else');
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill('another-password-9');
    await form.getByRole('button', { name: 'Create Account' }).click();
    // Either the server says so, or (enumeration protection) no second account appears and the
    // user is asked to check their mail; both are acceptable, a crash or a new account is not.
    await expect(
      page
        .getByText('An account with this email already exists. Please sign in instead.')
        .or(page.getByRole('heading', { name: 'Check your email' })),
    ).toBeVisible();
  });

  test('a common or e-mail-based password is refused and the form says why', async ({ page }) => {
    const email = uniqueEmail('weakpw');
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Weak Password');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();

    await form.getByLabel('Password').fill('password123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password is too weak: it is one of the most commonly used passwords.')).toBeVisible();

    await form.getByLabel('Password').fill(email);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password is too weak: it is based on your email address.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a broken confirmation link fails with the spec text and returns to /auth', async ({ page }) => {
    await page.goto('/auth/callback?token_hash=not-a-real-token&type=signup');
    await expect(page.getByText('Email verification failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
  });
});

test.describe('sign in', () => {
  test('wrong password shows a friendly error', async ({ page }) => {
    const user = await createUser();
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill('definitely-wrong');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sign in lands on the dashboard; sign out returns to /', async ({ page }) => {
    const user = await createUser();
    await signIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.length + sessionStorage.length);
    expect(stored).toBe(0);
  });
});

test.describe('password reset', () => {
  test('forgot → mail → reset → sign in with the new password', async ({ page }) => {
    const user = await createUser();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check your email for the password reset link!')).toBeVisible();

    const mail = await lastMailTo(user.email);
    await page.goto(linkIn(mail));
    await expect(page.getByText('Reset link verified! Please enter your new password.')).toBeVisible();
    const newPassword = 'brand-new-password-77';
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully! Please sign in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('forgot password validates the e-mail', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reset link without token and type=recovery is rejected', async ({ page }) => {
    await page.goto('/reset-password?token=abc&type=signup');
    await expect(page.getByText('Invalid reset link. Please try requesting a new password reset.')).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('an invalid reset token keeps the form hidden', async ({ page }) => {
    await page.goto('/reset-password?token=nope&type=recovery');
    await expect(page.getByText('Invalid or expired reset link. Please request a new one.').first()).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveCount(0);
  });
});
