import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './global-setup';
import { loginThroughForm } from './helpers';
import { expectToast, pageAs, shot, tokenOf, unique } from './dashboard-helpers';

/**
 * The newsroom journey of issue #5, in order, on the real server: an admin creates an editor and an
 * author; the author writes a draft with an uploaded image in the rich-text editor and cannot publish
 * it; the editor publishes it, makes it a story, features four stories (the oldest is unfeatured) and
 * makes it the main story, which the public home shows as its hero; breaking news published from the
 * dashboard shows in the public ticker; the admin suspends the author, who then cannot log in.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Newsroom#2026';
const run = Date.now().toString(36);
const editor = { name: `Edna Editor ${run}`, email: `edna-${run}@example.test` };
const author = { name: `Arlo Author ${run}`, email: `arlo-${run}@example.test` };
const articleTitle = unique('Harbour ferry returns');

async function addUser(page: Page, user: { name: string; email: string }, role: 'Editor' | 'Author') {
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(user.name);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByLabel('Role').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('Password must be at least 8 characters long')).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  if (role === 'Editor') await shot(page, 'user-modal', false);
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expectToast(page, 'Success', 'User created successfully.');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(user.name) })).toContainText(role);
}

test('an admin creates an editor and an author', async ({ browser }) => {
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByLabel('Role')).toHaveValue('author');
  await expect(dialog.getByRole('button', { name: 'Add User' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await addUser(page, editor, 'Editor');
  await addUser(page, author, 'Author');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(editor.email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(editor.name);
  await page.getByRole('searchbox', { name: 'Search users' }).fill('');
  await expect(page.getByRole('row', { name: new RegExp(author.name) })).toBeVisible();
  await shot(page, 'users');
  await page.context().close();
});

test('the author writes a draft with an image in the rich-text editor and cannot publish it', async ({ browser }) => {
  const page = await pageAs(browser, author.email, PASSWORD);
  await page.goto('/dashboard/articles');
  await page.getByRole('button', { name: 'Add Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Article' });
  await dialog.getByLabel('Title').fill(articleTitle);
  await dialog.getByLabel('Summary').fill('The crossing is back after a winter of repairs.');

  const editorBox = dialog.getByRole('textbox', { name: 'Content' });
  await editorBox.click();
  await dialog.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Back on the water');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('First sailing at 7 a.m.');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' from the north pier.');

  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'ferry-at-dawn.png', mimeType: 'image/png', buffer: png });
  await expect(editorBox.locator('img[src^="/uploads/"]')).toHaveAttribute('alt', 'ferry at dawn');
  await expect(editorBox.locator('h2')).toHaveText('Back on the water');
  await expect(editorBox.locator('strong')).toHaveText('First sailing at 7 a.m.');

  await dialog.getByLabel('Category').selectOption({ index: 1 });
  await dialog.getByLabel('Section').selectOption('General');
  const lead = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  await dialog.getByTestId('media-input').setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: lead });
  await expect(dialog.getByRole('button', { name: 'Remove harbour.jpg' })).toBeVisible();
  await shot(page, 'add-article', false);
  await dialog.getByRole('button', { name: 'Add Article' }).click();
  await expectToast(page, 'Success', 'Article added successfully.');
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(articleTitle) });
  await expect(row).toContainText('Draft');
  await expect(row.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^View/ }).click();
  const view = page.getByRole('dialog', { name: 'Article Details' });
  await expect(view.getByRole('heading', { name: articleTitle })).toBeVisible();
  await expect(view.locator('img[src^="/uploads/"]').first()).toBeVisible();
  await expect(view.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(view.getByRole('region', { name: 'Media' }).locator('img[src^="/uploads/"]')).toHaveCount(1);
  for (const name of [/^Publish/, /^Mark as story/i, /^Feature/, /^Delete article/])
    await expect(view.getByRole('button', { name })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The server agrees: an author's publish call is refused and the article stays a draft.
  const list = await page.request.get('/api/articles?limit=5', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  const mine = ((await list.json()) as { data: { id: string; title: string }[] }).data.find((a) => a.title === articleTitle)!;
  const publish = await page.request.post(`/api/articles/${mine.id}/publish`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(publish.status()).toBe(403);
  const after = await page.request.get(`/api/articles/${mine.id}`, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(((await after.json()) as { status: string }).status).toBe('draft');
  await page.context().close();
});

/** Features `title` on the stories screen, confirming when three are already featured; returns the name the warning gave. */
async function feature(page: Page, title: string): Promise<string | null> {
  // Whether the confirmation must come, from the server's featured stories (it waits for them too before it opens).
  const featured = (await (await page.request.get('/api/articles/published?featured=true&limit=10')).json()) as {
    data: { title: string }[];
  };
  const full = featured.data.filter((a) => a.title !== title).length >= 3;
  // The toast of the feature before may still be up: this one is done when its own answer has come.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/featured'));
  await page.getByRole('button', { name: `Feature “${title}”` }).click();
  let warned: string | null = null;
  if (full) {
    const confirm = page.getByRole('dialog', { name: 'Feature Story' });
    await expect(confirm).toContainText('At most 3 stories can be featured.');
    warned = /the oldest featured story, “(.+)”\./.exec((await confirm.textContent()) ?? '')?.[1] ?? null;
    await confirm.getByRole('button', { name: 'Feature anyway' }).click();
  }
  expect((await answered).ok()).toBe(true);
  await expectToast(page, 'Success', warned ? `Story featured. "${warned}" is no longer featured.` : 'Story featured.');
  return warned;
}

test('the editor publishes it, makes it a story, features four stories and sets the main story shown as the home hero', async ({
  browser,
}) => {
  const page = await pageAs(browser, editor.email, PASSWORD);
  const token = await tokenOf(page);
  const headers = { Authorization: `Bearer ${token}` };

  await page.goto('/dashboard/articles');
  const row = page.getByRole('row', { name: new RegExp(articleTitle) });
  await row.getByRole('button', { name: `Publish “${articleTitle}”` }).click();
  await expect(row).toContainText('Published');
  await expectToast(page, 'Success', 'Article published.');
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^View/ }).click();
  const view = page.getByRole('dialog', { name: 'Article Details' });
  await view.getByRole('button', { name: /^Mark as story/i }).click();
  const confirmStory = page.getByRole('dialog', { name: 'Mark as Story' });
  await expect(confirmStory).toContainText(articleTitle);
  await confirmStory.getByRole('button', { name: 'Mark as Story' }).click();
  await expect(view.getByText('Story', { exact: true })).toBeVisible();
  await expect(view.getByRole('button', { name: `Feature “${articleTitle}”` })).toBeVisible();
  await shot(page, 'view-article', false);
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // Three more published stories, made through the API, so that ours is the fourth to be featured.
  const category = ((await (await page.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
  const others: string[] = [];
  for (const n of [1, 2, 3]) {
    const title = unique(`Story ${n}`);
    const created = await page.request.post('/api/articles', {
      headers,
      data: { title, summary: 'S', content: '<p>Body</p>', categoryId: category, section: 'Business' },
    });
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/articles/${id}/publish`, { headers })).ok()).toBeTruthy();
    expect((await page.request.post(`/api/articles/${id}/status`, { headers, data: { isStory: true } })).ok()).toBeTruthy();
    others.push(title);
  }

  await page.goto('/dashboard/stories');
  await expect(page.getByRole('heading', { name: 'Stories', level: 1 })).toBeVisible();
  for (const title of others) await feature(page, title);
  const featuredSection = page.getByRole('region', { name: /Featured Stories/ });
  await expect(featuredSection.getByTestId('story')).toHaveCount(3);

  const warned = await feature(page, articleTitle);
  expect(warned, 'featuring the fourth names the oldest featured story').toBe(others[0]);
  await expect(featuredSection.getByTestId('story').first()).toContainText(articleTitle);
  await expect(featuredSection).not.toContainText(others[0]!);
  const featured = (await (await page.request.get('/api/articles/published?featured=true')).json()) as { data: { title: string }[] };
  expect(featured.data.map((a) => a.title)).toEqual([articleTitle, others[2], others[1]]);

  await page.getByRole('button', { name: `Set as main story: “${articleTitle}”` }).click();
  const confirmMain = page.getByRole('dialog', { name: 'Set Main Story' });
  await expect(confirmMain).toContainText('replaces the previous main story in the General section');
  await shot(page, 'confirm-main-story', false);
  await confirmMain.getByRole('button', { name: 'Set as Main Story' }).click();
  await expectToast(page, 'Success', 'Main story set.');
  await shot(page, 'stories');

  await page.goto('/');
  await expect(
    page
      .getByRole('link', { name: `Read Full Story: ${articleTitle}` })
      .or(page.getByRole('button', { name: `Read Full Story: ${articleTitle}` })),
  ).toBeVisible();
  await page.context().close();
});

test("breaking news published from the dashboard appears in an open page's ticker, and goes when withdrawn", async ({ browser }) => {
  const page = await pageAs(browser, editor.email, PASSWORD);
  const headline = unique('Ferry strike called off');
  await page.goto('/dashboard/breaking-news');
  await page.getByRole('button', { name: 'Add Breaking News' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Breaking News' });
  await dialog.getByLabel('Headline').fill(headline);
  await expect(dialog.getByTestId('headline-counter')).toHaveText(`${headline.length}/100`);
  await shot(page, 'breaking-news-modal', false);
  await dialog.getByRole('button', { name: 'Add Breaking News' }).click();
  await expectToast(page, 'Success', 'Breaking news added successfully.');
  const row = page.getByRole('row', { name: new RegExp(headline) });
  await expect(row).toContainText('Draft');

  // A reader already on the home page (issue 13: the ticker is live, no reload).
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const ticker = visitor.getByRole('region', { name: 'Breaking news' });
  await expect(ticker).not.toContainText(headline);

  await row.getByRole('button', { name: `Publish "${headline}"` }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish Breaking News' });
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(row).toContainText('Published');
  await shot(page, 'breaking-news');

  await expect(ticker).toContainText(headline, { timeout: 15_000 });
  // Withdrawn from the dashboard: gone from the open page too.
  await row.getByRole('button', { name: `Unpublish "${headline}"` }).click();
  await page.getByRole('dialog', { name: 'Unpublish Breaking News' }).getByRole('button', { name: 'Unpublish' }).click();
  await expect(row).toContainText('Draft');
  await expect(ticker).not.toContainText(headline, { timeout: 15_000 });
  await visitor.close();
  await page.context().close();
});

test('the admin suspends the author, who then cannot log in', async ({ browser }) => {
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/users');
  await page.getByRole('button', { name: `Suspend ${author.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspend User' });
  await expect(confirm).toContainText(author.name);
  await shot(page, 'confirm-suspend', false);
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expectToast(page, 'Success', `${author.name} has been suspended.`);
  const row = page.getByRole('row', { name: new RegExp(author.name) });
  await expect(row).toContainText('Suspended');
  await expect(row.getByRole('button', { name: `Unblock ${author.name}` })).toBeVisible();
  await page.context().close();

  const visitor = await browser.newPage();
  await loginThroughForm(visitor, author.email, PASSWORD);
  await expect(visitor.getByText(/suspended/i)).toBeVisible();
  await expect(visitor).toHaveURL(/\/auth/);
  expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await visitor.close();
});
