import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './global-setup';
import { expectToast, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { expectAccessible } from './helpers';

/**
 * Issue 24, defects 10 and 12 in the dashboard: the password checklist of Add User; an author's own draft headline
 * offers Edit; an image picked in Add Article is the article's media on its page; deleting a user who has written
 * something hands their work to another author in the same step.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Issue24#Desk';
const run = Date.now().toString(36);
const author = { name: `Ada Author ${run}`, email: `ada-${run}@example.test` };
const heir = { name: `Hal Heir ${run}`, email: `hal-${run}@example.test` };

async function api(page: Page) {
  return { Authorization: `Bearer ${await tokenOf(page)}` };
}

test('Add User shows the password rule as a checklist while typing', async ({ browser }) => {
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(author.name);
  await dialog.getByLabel('Email').fill(author.email);
  await dialog.getByLabel('Password').fill('longenough');
  await expect(dialog.getByTestId('password-rules').getByRole('listitem')).toHaveText([
    /\(met\)$/,
    /\(not met yet\)$/,
    /\(met\)$/,
    /\(not met yet\)$/,
    /\(not met yet\)$/,
  ]);
  await dialog.getByLabel('Role').selectOption({ label: 'Author' });
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('Password must contain an upper-case letter')).toBeVisible();
  await expectAccessible(page);
  await screenshotsAtBothWidths(page, 'add-user-password-rules');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expectToast(page, 'Success', 'User created successfully.');
  const made = await page.request.post('/api/users', { headers: await api(page), data: { ...heir, password: PASSWORD, role: 'editor' } });
  expect(made.status()).toBe(201);
});

test('an author edits their own draft headline from the list', async ({ browser }) => {
  const page = await pageAs(browser, author.email, PASSWORD);
  const headers = await api(page);
  const mine = unique('Ferry strike called off');
  expect((await page.request.post('/api/breaking-news', { headers, data: { headline: mine } })).status()).toBe(201);
  await page.goto('/dashboard/breaking-news');
  await page.getByRole('button', { name: `Edit "${mine}"` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Breaking News' });
  await dialog.getByLabel('Headline').fill(`${mine} (update)`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Breaking news updated successfully.');
  await expect(page.getByRole('button', { name: `Edit "${mine} (update)"` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Publish|Delete) "/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotsAtBothWidths(page, 'breaking-news-author');
});

test('an image picked in Add Article is the media of the article on its page', async ({ browser }) => {
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const title = unique('Harbour lights');
  await page.goto('/dashboard/articles');
  await page.getByRole('button', { name: 'Add Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Article' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Summary').fill('The harbour lights are lit again.');
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Lit again after ten years.');
  await dialog.getByLabel('Category').selectOption({ index: 1 });
  const lead = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#b45309' } })
    .jpeg()
    .toBuffer();
  await dialog.getByTestId('media-input').setInputFiles({ name: 'lights.jpg', mimeType: 'image/jpeg', buffer: lead });
  await dialog.getByRole('button', { name: 'Add Article' }).click();
  await expectToast(page, 'Success', 'Article added successfully.');
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: /^View/ }).click();
  const view = page.getByRole('dialog', { name: 'Article Details' });
  await expect(view.getByRole('region', { name: 'Media' }).locator('img[src^="/uploads/"]')).toHaveCount(1);
  // The row is read again after the uploads, which made a new version: an edit at once is no conflict.
  await view.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Article' });
  await edit.getByLabel('Summary').fill('The harbour lights are lit again, ten years on.');
  await edit.getByRole('button', { name: /^Save/ }).click();
  await expectToast(page, 'Success', 'Article updated successfully.');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: /^View/ })
    .click();
  await view
    .getByRole('button', { name: /^Publish/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: /Publish/ });
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, 'Success', /published/i);
  await page.keyboard.press('Escape');

  const list = (await (await page.request.get('/api/articles?limit=20', { headers: await api(page) })).json()) as {
    data: { id: string; title: string }[];
  };
  const id = list.data.find((a) => a.title === title)!.id;
  await page.goto(`/article/${id}`);
  await expect(page.getByText('No media uploaded')).toHaveCount(0);
  await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', /\/uploads\//);
});

test('deleting a user who has written something hands their work to the author chosen in the same step', async ({ browser }) => {
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(run);
  await page.getByRole('button', { name: `Delete ${author.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  const heirChoice = dialog.getByLabel('Their articles and breaking news go to');
  await expect(heirChoice.locator('option', { hasText: heir.name })).toHaveCount(1);
  await heirChoice.selectOption({ label: `${heir.name} (Editor)` });
  await expectAccessible(page);
  await screenshotsAtBothWidths(page, 'delete-user-reassign');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'User deleted successfully.');
  await expect(page.getByRole('row', { name: new RegExp(author.name) })).toHaveCount(0);
  const news = (await (await page.request.get('/api/breaking-news?limit=100', { headers: await api(page) })).json()) as {
    news: { headline: string; author: { name: string } }[];
  };
  expect(news.news.filter((n) => n.author.name === heir.name).length).toBeGreaterThan(0);
  expect(news.news.filter((n) => n.author.name === author.name)).toEqual([]);
});
