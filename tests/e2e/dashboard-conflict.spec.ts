import { expect, test, type Page } from '@playwright/test';
import { expectToast, openArticleEditor, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible } from './helpers';

/**
 * Issue 9, item 17, and issue 27's presence and conflict screen (docs/decisions/063-autosave-presence-conflicts.md): two
 * people with the same article open see each other; the second to save is shown both versions and chooses, and
 * nothing is ever overwritten unasked.
 */
async function draft(page: Page, title: string) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: string }[];
  const created = await page.request.post('/api/articles', {
    headers,
    data: { title, summary: 'The council votes on the budget.', content: '<p>The vote is on Tuesday.</p>', categoryId: categories[0]!.id },
  });
  expect(created.status()).toBe(201);
  return { headers, ...((await created.json()) as { id: string; version: number }) };
}

test('two editors in one article see each other; the second to save sees both versions and keeps theirs', async ({ browser }) => {
  const ada = await pageAs(browser, DEMO.admin, DEMO_PASSWORD);
  const eddie = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  try {
    const title = unique('Council budget vote');
    const { id, headers } = await draft(ada, title);
    await ada.setViewportSize(DESKTOP);
    await eddie.setViewportSize(DESKTOP);
    const first = await openArticleEditor(ada, title);
    const second = await openArticleEditor(eddie, title);
    // Eddie on a phone: the editor is a page-level dialog, which a change of layout keeps open.
    await eddie.setViewportSize(MOBILE);
    // Each sees the other, live.
    await expect(first).toContainText('Eddie Editor is editing this article.');
    await expect(second).toContainText('Ada Admin is editing this article.');

    // Ada's change saves itself; Eddie's, made on the version he opened, is refused and shown beside hers.
    await first.getByLabel('Title').fill(`${title} (Ada)`);
    await expect(first.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await second.getByLabel('Title').fill(`${title} (Eddie)`);
    await expect(second.getByRole('alert')).toContainText('Someone else changed this article since you opened it');
    await expect(second.getByRole('region', { name: 'Your version' })).toContainText(`${title} (Eddie)`);
    await expect(second.getByRole('region', { name: /^Their version/ })).toContainText(`${title} (Ada)`);
    await expectAccessible(eddie);
    await screenshotsAtBothWidths(eddie, 'edit-conflict');
    const stored = async () => ((await (await ada.request.get(`/api/articles/${id}`, { headers })).json()) as { title: string }).title;
    expect(await stored()).toBe(`${title} (Ada)`);

    await second.getByRole('button', { name: 'Keep mine' }).click();
    await expectToast(eddie, 'Success', 'Your version was saved.');
    await expect.poll(stored).toBe(`${title} (Eddie)`);

    // Ada's next change meets Eddie's: she takes his, and goes on from there.
    await first.getByLabel('Summary').fill('The council votes on the budget on Tuesday.');
    await expect(first.getByRole('alert')).toContainText('Someone else changed this article since you opened it');
    await first.getByRole('button', { name: 'Take theirs' }).click();
    await expect(first.getByLabel('Title')).toHaveValue(`${title} (Eddie)`);
    await first.getByLabel('Title').fill(`${title} (agreed)`);
    await first.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(ada, 'Success', 'Article updated successfully.');
    await expect.poll(stored).toBe(`${title} (agreed)`);

    // Eddie closes his editor: Ada, opening hers again, is alone in it.
    await eddie.getByRole('dialog', { name: 'Edit Article' }).getByRole('button', { name: 'Cancel' }).click();
    const again = await openArticleEditor(ada, `${title} \\(agreed\\)`);
    await expect(again.getByLabel('Title')).toHaveValue(`${title} (agreed)`);
    await expect(again).not.toContainText('is editing this article');
  } finally {
    await ada.context().close();
    await eddie.context().close();
  }
});
