import { createUser, expect, openSignedIn, type Role, signIn, test } from '../fixtures/index.ts';

const ALWAYS = ['Dashboard', 'Tag Asset', 'My Assets', 'News', 'Wallet', 'NOK', 'Referrals'];

const expectedNav: Record<string, string[]> = {
  standard: [...ALWAYS, 'Public Assets'],
  business: [...ALWAYS, 'Business', 'Public Assets'],
  moderator: [...ALWAYS, 'Moderator', 'Public Assets'],
  admin: [...ALWAYS, 'Admin Dashboard', 'Bug Reports', 'News Management', 'Public Assets'],
};

test('signed out: header offers Tag Asset and Sign In; the logo goes home', async ({ page }) => {
  await page.goto('/faq');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Tag Asset', 'Sign In']);
  await page.getByRole('link', { name: /home$/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path redirects to /', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page).toHaveURL(/\/$/);
});

test('a protected page while signed out goes to /auth, and back after sign-in', async ({ page }) => {
  const user = await createUser();
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/wallet$/);
});

test('/news needs sign-in', async ({ page }) => {
  await page.goto('/news');
  await expect(page).toHaveURL(/\/auth$/);
});

for (const [kind, items] of Object.entries(expectedNav)) {
  test(`header links for a ${kind} user`, async ({ page }) => {
    const role: Role = kind === 'business' ? 'standard' : (kind as Role);
    const user = await createUser({ role, isBusiness: kind === 'business' });
    await openSignedIn(page, user);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // An admin's admin pages sit in the desktop row's "Admin" dropdown (inside the Main navigation).
    const adminGroup = nav.getByRole('button', { name: 'Admin', exact: true });
    if (role === 'admin') await adminGroup.click();
    else await expect(adminGroup).toHaveCount(0);
    await expect(nav.locator('a')).toHaveText(items);
    if (role === 'admin') await page.keyboard.press('Escape');
    await expect(page.getByTestId('header-balance')).toHaveText(/ TMT$/);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const menu = page.getByRole('menu');
    const panel = role === 'admin' ? ['Admin Panel'] : role === 'moderator' ? ['Moderator Panel'] : [];
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', ...panel, 'Sign Out']);
    await page.keyboard.press('Escape');
  });
}

const guardCases: Array<{ who: string; role: Role; isBusiness?: boolean; path: string; lands: RegExp }> = [
  { who: 'standard', role: 'standard', path: '/admin', lands: /\/unauthorized$/ },
  { who: 'standard', role: 'standard', path: '/bug-reports', lands: /\/unauthorized$/ },
  { who: 'standard', role: 'standard', path: '/moderator', lands: /\/unauthorized$/ },
  { who: 'standard', role: 'standard', path: '/business-dashboard', lands: /\/business-upgrade$/ },
  { who: 'moderator', role: 'moderator', path: '/moderator', lands: /\/moderator$/ },
  { who: 'moderator', role: 'moderator', path: '/admin', lands: /\/unauthorized$/ },
  { who: 'admin', role: 'admin', path: '/admin', lands: /\/admin$/ },
  { who: 'admin', role: 'admin', path: '/moderator', lands: /\/moderator$/ },
  { who: 'business', role: 'standard', isBusiness: true, path: '/business-dashboard', lands: /\/business-dashboard$/ },
];

for (const c of guardCases) {
  test(`guard: ${c.who} opening ${c.path}`, async ({ page }) => {
    const user = await createUser({ role: c.role, isBusiness: c.isBusiness ?? false });
    await openSignedIn(page, user, c.path);
    await expect(page).toHaveURL(c.lands);
    if (c.path === '/admin' && c.role === 'admin')
      await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    if (c.path === '/moderator' && /moderator$/.test(String(c.lands)))
      await expect(page.getByRole('heading', { name: 'Moderator Panel' })).toBeVisible();
  });
}

test('/influencer-referrals redirects to /referrals', async ({ page }) => {
  const user = await createUser();
  await openSignedIn(page, user, '/influencer-referrals');
  await expect(page).toHaveURL(/\/referrals$/);
});

test('phone: the menu button opens every header link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const user = await createUser();
  await openSignedIn(page, user);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link')).toHaveText(expectedNav.standard!);
  await mobile.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(mobile).toHaveCount(0);
});
