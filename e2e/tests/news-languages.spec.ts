// News in two languages end to end (issue 32, item 2): an admin writes an article in English and
// in French on /news-management, publishing the French version first; a French reader reads it in
// French, an English reader gets the French text with a "not yet translated" note until the
// English version is published too. Keyboard only for the reader, at 360 px.
import type { Browser, Page } from '@playwright/test';
import { createUser, expect, openSignedIn, test } from '../fixtures/index.ts';

async function signedInPage(browser: Browser, role: 'admin' | 'standard', fullName?: string): Promise<Page> {
  const user = await createUser({ role, ...(fullName ? { fullName } : {}) });
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, user);
  return page;
}

test('a French reader reads a French article; an English reader is told it is not yet translated', async ({
  browser,
}) => {
  // Many screens and two browsers on a shared machine: more than the default minute.
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const enTitle = `Launch ${run}`;
  const frTitle = `Lancement ${run}`;

  const admin = await signedInPage(browser, 'admin', 'Nora Newsdesk');
  await admin.goto('/news-management');
  await admin.getByRole('button', { name: 'Create Article' }).first().click();
  const dialog = admin.getByRole('dialog', { name: 'Create New Article' });
  const en = dialog.getByTestId('version-en');
  await en.getByLabel('Title').fill(enTitle);
  await en.getByLabel('Content').fill(`We launched ${run}.`);
  await dialog.getByRole('checkbox', { name: 'Write a French version' }).check();
  const fr = dialog.getByTestId('version-fr');
  await fr.getByLabel('Title').fill(frTitle);
  await fr.getByLabel('Content').fill(`Nous avons lancé ${run}.\nDeuxième paragraphe.`);
  await fr.getByLabel('Image description (optional)').fill('Un vélo rouge');
  await fr.getByRole('switch').check();
  await dialog.getByLabel('Category').selectOption('Announcements');
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(admin.getByText('Article created successfully').first()).toBeVisible();
  const row = admin.getByRole('listitem').filter({ hasText: enTitle });
  await expect(row.getByText('English: draft')).toBeVisible();
  await expect(row.getByText('French: published')).toBeVisible();

  // A French reader, on a phone, with the keyboard.
  const reader = await signedInPage(browser, 'standard');
  await reader.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
  await expect(reader.locator('html')).toHaveAttribute('lang', 'fr');
  await reader.setViewportSize({ width: 360, height: 740 });
  await reader.goto('/news');
  const card = reader.getByRole('article').filter({ hasText: frTitle });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('lang', 'fr');
  await expect(card.getByText('Annonces')).toBeVisible();
  await expect(card.getByTestId('untranslated-note')).toHaveCount(0);
  await expect(reader.getByText(enTitle)).toHaveCount(0);
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const readMore = card.getByRole('button', { name: new RegExp(frTitle) });
  await readMore.focus();
  await reader.keyboard.press('Enter');
  const full = reader.getByRole('dialog', { name: frTitle });
  await expect(full.getByTestId('article-body')).toContainText(`Nous avons lancé ${run}.`);
  await expect(full.getByText('Deuxième paragraphe.')).toBeVisible();
  await reader.keyboard.press('Escape');
  await expect(full).toBeHidden();

  // An English reader gets the French text, with the note.
  const english = await signedInPage(browser, 'standard');
  await english.goto('/news');
  const frenchCard = english.getByRole('article').filter({ hasText: frTitle });
  await expect(frenchCard.getByTestId('untranslated-note')).toHaveText('Not yet translated: shown in French.');
  await expect(english.getByText(enTitle)).toHaveCount(0);

  // The English version is published: the English reader now reads it in English.
  await row.getByRole('button', { name: `Edit ${enTitle}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByTestId('version-en').getByRole('switch').check();
  await edit.getByRole('button', { name: 'Update Article' }).click();
  await expect(admin.getByText('Article updated successfully').first()).toBeVisible();
  await english.reload();
  const englishCard = english.getByRole('article').filter({ hasText: enTitle });
  await expect(englishCard).toBeVisible();
  await expect(englishCard.getByTestId('untranslated-note')).toHaveCount(0);
  await reader.reload();
  await expect(reader.getByRole('article').filter({ hasText: frTitle })).toBeVisible();
});
