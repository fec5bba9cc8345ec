import { expect, test, type Page } from '@playwright/test';
import { pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible } from './helpers';

/**
 * Issue 28's dashboard search (docs/decisions/065-search.md): an editor finds a draft by a piece of its title, or by a
 * word of its body, narrows and sorts the table, and opens it.
 */
async function draft(page: Page, title: string, content: string) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const category = ((await (await page.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
  const created = await page.request.post('/api/articles', {
    headers,
    data: { title, summary: 'A draft to find again.', content, categoryId: category, section: 'General' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string };
}

test('an editor finds a draft from the dashboard search, at 1280 and 375 px', async ({ browser }) => {
  const author = await pageAs(browser, DEMO.author, DEMO_PASSWORD);
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const title = unique('Lighthouse keepers strike');
  try {
    await draft(author, title, '<p>The keepers of the northern light walked out over the night-shift rota.</p>');

    await editor.setViewportSize(DESKTOP);
    await editor.goto('/dashboard/articles');
    const search = editor.getByRole('search', { name: 'Search articles' });
    // A piece of the working title.
    await search.getByRole('searchbox', { name: 'Search' }).fill(title.slice(0, 14));
    await expect(editor).toHaveURL(/q=Lighthouse/);
    const row = editor.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Draft');
    // A word of the body, narrowed to drafts: the address keeps the search.
    await search.getByRole('searchbox', { name: 'Search' }).fill('rota');
    await editor.getByRole('button', { name: 'Drafts' }).click();
    await expect(editor).toHaveURL(/status=draft/);
    await expect(editor).toHaveURL(/q=rota/);
    await expect(row).toBeVisible();
    await expect(editor.getByText(/\d+ articles? match/)).toBeVisible();
    // Sorted by title: the header says so.
    await editor.getByRole('columnheader', { name: /Title/ }).getByRole('button').click();
    await expect(editor.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(editor).toHaveURL(/sort=title/);
    await expectAccessible(editor);
    await screenshotsAtBothWidths(editor, 'dashboard-search');

    // At 375 px, the table is cards; the search works alike and opens the draft.
    await editor.setViewportSize(MOBILE);
    await editor.goto('/dashboard/articles');
    await editor.getByRole('search', { name: 'Search articles' }).getByRole('searchbox', { name: 'Search' }).fill('keepers rota');
    const card = editor.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `View “${title}”` }).click();
    await expect(editor.getByRole('dialog')).toContainText(title);
  } finally {
    await author.close();
    await editor.close();
  }
});
