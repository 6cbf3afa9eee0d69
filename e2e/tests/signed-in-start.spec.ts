// A returning user's screen does not wait for their profile (issue 29): the profile says their name,
// role and business flag, which a screen for any signed-in user does not need, and reading it is one
// more round trip. What the profile decides — an admin's or a moderator's screen, the header's links,
// the dashboard's greeting — waits for it and never shows a guess.
import type { Page } from '@playwright/test';
import { createUser, expect, openSignedIn, test } from '../fixtures/index.ts';

/** Holds the profile's request (user_profiles) until the returned function is called. */
async function holdTheProfile(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/rest\/v1\/user_profiles\?/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test('a signed-in screen shows its data while the profile is still being read', async ({ page }) => {
  const owner = await createUser({ fullName: 'Early Owner' });
  const release = await holdTheProfile(page);

  await openSignedIn(page, owner, '/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-balance')).toHaveText(/TMT/);
  // No guess in the meantime: neither the e-mail for a name nor the header's links.
  await expect(main.getByText('Welcome back,')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Assets' })).toHaveCount(0);

  release();
  await expect(main.getByText('Welcome back, Early Owner.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Wallet balance:/ })).toBeVisible();
});

test('a screen the profile decides waits for it: a moderator’s queues, never a refusal first', async ({ page }) => {
  const moderator = await createUser({ role: 'moderator' });
  const release = await holdTheProfile(page);

  await openSignedIn(page, moderator, '/moderator');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/moderator');

  release();
  await expect(page.getByRole('tab', { name: /Reported public assets/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/moderator');
});

test('a standard user on a moderator’s screen is sent away only once the profile says so', async ({ page }) => {
  const owner = await createUser();
  const release = await holdTheProfile(page);

  await openSignedIn(page, owner, '/moderator');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/moderator');

  release();
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test('a returning user’s screen is the app’s first render: no "Loading..." while supabase-js starts', async ({
  page,
}) => {
  const owner = await createUser();
  // Every status the page attaches, as it attaches it: one shown for a single frame counts too.
  await page.addInitScript(() => {
    const statuses: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = statuses;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const el of [node, ...node.querySelectorAll('[role="status"]')])
            if (el.getAttribute('role') === 'status') statuses.push(el.textContent?.trim() ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });

  await openSignedIn(page, owner, '/assets');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'My Assets' })).toBeVisible();
  // The stored session's user is known at the first render (lib/auth.tsx, startingState): the route
  // guard never stood in for the screen while supabase-js loaded and reported the session.
  const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
  expect(statuses).not.toContain('Loading...');
});
