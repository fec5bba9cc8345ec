import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { expectToast, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';

/**
 * Issue 9, item 17: an editor who saves an article that someone else changed since they opened it is
 * told so plainly, nothing is overwritten, and the form offers to reload the latest version.
 */
test('an editor saving an article changed meanwhile is told so, overwrites nothing, and can reload it', async ({ browser }) => {
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: string }[];
  const title = unique('Council budget vote');
  const created = await page.request.post('/api/articles', {
    headers,
    data: { title, summary: 'The council votes on the budget.', content: '<p>The vote is on Tuesday.</p>', categoryId: categories[0]!.id },
  });
  expect(created.status()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };

  await page.goto('/dashboard/articles');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: /^View/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Article Details' });
  await dialog.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Article' });
  await form.getByLabel('Title').fill(`${title} (editor)`);

  // Someone else saves the article while the form is open.
  const elsewhere = `${title} (changed elsewhere)`;
  const other = await page.request.put(`/api/articles/${id}`, { headers, data: { title: elsewhere, version } });
  expect(other.status()).toBe(200);

  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByRole('alert')).toContainText('Someone else changed this article since you opened it');
  await screenshotsAtBothWidths(page, 'article-conflict');
  const stored = (await (await page.request.get(`/api/articles/${id}`, { headers })).json()) as { title: string };
  expect(stored.title).toBe(elsewhere);

  await form.getByRole('button', { name: 'Reload latest version' }).click();
  await expect(form.getByLabel('Title')).toHaveValue(elsewhere);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await form.getByLabel('Title').fill(`${title} (editor, after reload)`);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Article updated successfully.');
  const saved = (await (await page.request.get(`/api/articles/${id}`, { headers })).json()) as { title: string };
  expect(saved.title).toBe(`${title} (editor, after reload)`);
  await page.context().close();
});
