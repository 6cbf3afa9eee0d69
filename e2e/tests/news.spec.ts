// News end to end: an admin creates, edits, publishes, unpublishes and deletes articles on
// /news-management; a signed-in user sees exactly the published ones on /news, with the card and
// article formats of SPEC §2 and the category filter.
import type { Browser, Page } from '@playwright/test';
import { createUser, e2eEnv, expect, openSignedIn, test } from '../fixtures/index.ts';

const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const long = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

async function signedInPage(browser: Browser, role: 'admin' | 'standard', fullName?: string): Promise<Page> {
  const user = await createUser({ role, ...(fullName ? { fullName } : {}) });
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, user);
  return page;
}

/**
 * Closes the toasts, as a person does whose next click is on a control a toast covers: they show at
 * the top right, over "Create Article", and stay while the pointer rests on them (which is where a
 * click on that button puts it), so waiting for them to go is not enough.
 */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all())
    await close.click().catch(() => undefined); // it may have gone by itself meanwhile
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

async function createArticle(page: Page, a: { title: string; content: string; category: string; publish: boolean }) {
  await closeToasts(page);
  await page.getByRole('button', { name: 'Create Article' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Article' });
  await dialog.getByLabel('Title').fill(a.title);
  await dialog.getByLabel('Content').fill(a.content);
  await dialog.getByLabel('Category').selectOption(a.category);
  if (a.publish) {
    await dialog.getByRole('switch').check();
    await expect(dialog.getByText('This article will be visible to all users')).toBeVisible();
  } else {
    await expect(dialog.getByText('This article will be saved as a draft')).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Article created successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin manages articles and a user sees exactly the published ones', async ({ browser }) => {
  // Two signed-in browsers and a dozen steps: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const today = new Date();
  const admin = await signedInPage(browser, 'admin', 'Nora Newsdesk');
  await admin.goto('/news-management');
  await expect(admin.getByRole('heading', { name: 'News Management' })).toBeVisible();
  // The counters' labels (a row's status badge may say "Published" too, when other specs left articles).
  for (const label of ['Published', 'Drafts', 'Total Articles'])
    await expect(admin.getByRole('paragraph').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();

  // Validation before anything is saved.
  await closeToasts(admin);
  await admin.getByRole('button', { name: 'Create Article' }).first().click();
  const empty = admin.getByRole('dialog', { name: 'Create New Article' });
  await empty.getByRole('button', { name: 'Create Article' }).click();
  await expect(admin.getByText('Title and content are required').first()).toBeVisible();
  await empty.getByRole('button', { name: 'Cancel' }).click();

  const draftTitle = `Roadmap ${run}`;
  const liveTitle = `Launch ${run}`;
  const body = `Paragraph one of ${run}. ${'Long text '.repeat(20)}\nParagraph two <b>not bold</b>.`;
  await createArticle(admin, { title: draftTitle, content: body, category: 'Product Updates', publish: false });
  await createArticle(admin, {
    title: liveTitle,
    content: `We launched ${run}.`,
    category: 'Company News',
    publish: true,
  });

  const draftRow = admin.getByRole('listitem').filter({ hasText: draftTitle });
  await expect(draftRow.getByText('Draft', { exact: true })).toBeVisible();
  await expect(draftRow.getByText('Nora Newsdesk')).toBeVisible();
  await expect(draftRow.getByText(short(today))).toBeVisible();

  // Edit the draft, then publish it.
  const editedTitle = `Roadmap edited ${run}`;
  await draftRow.getByRole('button', { name: `Edit ${draftTitle}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByLabel('Title').fill(editedTitle);
  await edit.getByRole('button', { name: 'Update Article' }).click();
  await expect(admin.getByText('Article updated successfully').first()).toBeVisible();
  const editedRow = admin.getByRole('listitem').filter({ hasText: editedTitle });
  await editedRow.getByRole('button', { name: `Publish ${editedTitle}` }).click();
  await expect(admin.getByText('Article published successfully').first()).toBeVisible();
  await expect(editedRow.getByText('Published', { exact: true })).toBeVisible();

  // A reader sees both, newest first, filters by category and reads one in full.
  const reader = await signedInPage(browser, 'standard');
  await reader.goto('/news');
  await expect(reader.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  const cards = reader.getByRole('article');
  await expect(cards.filter({ hasText: liveTitle })).toBeVisible();
  const card = cards.filter({ hasText: editedTitle });
  await expect(card).toBeVisible();
  await expect(card.getByText('Product Updates')).toBeVisible();
  await expect(card.getByText('Nora Newsdesk')).toBeVisible();
  await expect(card.getByText(short(today))).toBeVisible();
  await expect(card.getByText(`${body.slice(0, 150)}...`)).toBeVisible();

  const filters = reader.getByRole('group', { name: 'Filter by category' });
  await filters.getByRole('button', { name: 'Product Updates' }).click();
  await expect(cards.filter({ hasText: editedTitle })).toBeVisible();
  await expect(cards.filter({ hasText: liveTitle })).toHaveCount(0);
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(cards.filter({ hasText: liveTitle })).toBeVisible();

  await reader.getByRole('button', { name: `Read More: ${editedTitle}` }).click();
  const full = reader.getByRole('dialog', { name: editedTitle });
  await expect(full.getByText(long(today))).toBeVisible();
  await expect(full.getByText('Paragraph two <b>not bold</b>.')).toBeVisible();
  await expect(full.locator('b')).toHaveCount(0);
  await reader.keyboard.press('Escape');

  // Unpublish: the reader no longer sees it.
  await editedRow.getByRole('button', { name: `Unpublish ${editedTitle}` }).click();
  await expect(admin.getByText('Article unpublished successfully').first()).toBeVisible();
  await reader.reload();
  await expect(cards.filter({ hasText: liveTitle })).toBeVisible();
  await expect(cards.filter({ hasText: editedTitle })).toHaveCount(0);

  // Delete with the exact confirmation.
  await editedRow.getByRole('button', { name: `Delete ${editedTitle}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete Article' });
  await expect(
    confirm.getByText('Are you sure you want to delete this article? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Article' }).click();
  await expect(admin.getByText('Article deleted successfully').first()).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: editedTitle })).toHaveCount(0);
});

test('a standard user is kept out of news management', async ({ browser }) => {
  const page = await signedInPage(browser, 'standard');
  await page.goto('/news-management');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test('a reader loads further pages of a category while scrolling', async ({ browser }) => {
  const run = Date.now().toString(36);
  const category = `Scroll ${run}`;
  const author = await createUser({ role: 'admin', fullName: 'Paging Author' });
  // 15 published articles (page size 12), one minute apart, written as the service role: each
  // article, then its English version.
  const headers = {
    apikey: e2eEnv.serviceKey,
    authorization: `Bearer ${e2eEnv.serviceKey}`,
    'content-type': 'application/json',
    prefer: 'return=representation',
  };
  const articles = Array.from({ length: 15 }, (_, i) => ({
    news_category: category,
    author_id: author.id,
    created_at: new Date(Date.now() - (15 - i) * 60_000).toISOString(),
  }));
  // The category row shows only when there are two categories or more: one more, older article in
  // another, so that the test does not depend on what other tests published before it.
  articles.unshift({
    news_category: `Other ${run}`,
    author_id: author.id,
    created_at: new Date(Date.now() - 16 * 60_000).toISOString(),
  });
  const res = await fetch(`${e2eEnv.baseURL}/rest/v1/news_articles?select=id`, {
    method: 'POST',
    headers,
    body: JSON.stringify(articles),
  });
  expect(res.status).toBe(201);
  const ids = ((await res.json()) as { id: string }[]).map((r) => r.id);
  const versions = await fetch(`${e2eEnv.baseURL}/rest/v1/news_article_versions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(
      ids.map((id, i) => ({
        article_id: id,
        language: 'en',
        title: i === 0 ? `Elsewhere ${run}` : `Paged ${run} #${String(i).padStart(2, '0')}`,
        content: `Body ${i}`,
        status: 'published',
      })),
    ),
  });
  expect(versions.status).toBe(201);

  const page = await signedInPage(browser, 'standard');
  await page.goto('/news');
  await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: category }).click();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText(`Paged ${run} #15`);
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect(cards).toHaveCount(15);
  await expect(cards.last()).toContainText(`Paged ${run} #01`);
  await expect(cards.first().getByText('Paging Author')).toBeVisible();
});
