import { expect, test, type Page } from '@playwright/test';
import { expectToast, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, expectAccessible } from './helpers';

/**
 * Issue 27's trash (docs/decisions/061-trash.md): an admin deletes a published article, which leaves the site at once;
 * it waits in the Trash, and comes back as it was.
 */
const rowOf = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });

test('an admin deletes a published article to the trash, and restores it as it was', async ({ browser }) => {
  const admin = await pageAs(browser, DEMO.admin, DEMO_PASSWORD);
  const title = unique('Harbour festival programme');
  try {
    const headers = { Authorization: `Bearer ${await tokenOf(admin)}` };
    const category = ((await (await admin.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
    const created = await admin.request.post('/api/articles', {
      headers,
      data: {
        title,
        summary: 'Three days of music on the quay.',
        content: '<p>The full programme.</p>',
        categoryId: category,
        section: 'General',
      },
    });
    const { id } = (await created.json()) as { id: string };
    expect((await admin.request.post(`/api/articles/${id}/publish`, { headers })).status()).toBe(200);

    await admin.setViewportSize(DESKTOP);
    await admin.goto('/dashboard/articles?status=published');
    await rowOf(admin, title)
      .getByRole('button', { name: `Delete “${title}”` })
      .click();
    const confirm = admin.getByRole('dialog', { name: 'Delete Article' });
    await expect(confirm).toContainText('an editor can restore it for 30 days');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'Success', 'Article moved to the trash.');
    expect((await admin.request.get(`/article/${id}`)).status()).toBe(404);

    await admin.getByRole('button', { name: 'Trash', exact: true }).click();
    await expect(rowOf(admin, title)).toContainText('In trash');
    await expect(rowOf(admin, title)).toContainText('Deleted for good on');
    await expectAccessible(admin);
    await screenshotsAtBothWidths(admin, 'trash');
    await admin.setViewportSize(DESKTOP);
    await rowOf(admin, title)
      .getByRole('button', { name: `Restore “${title}” from the trash` })
      .click();
    const restore = admin.getByRole('dialog', { name: 'Restore Article' });
    await expect(restore).toContainText('is public again at once');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expectToast(admin, 'Success', 'Article restored.');
    await expect(rowOf(admin, title)).toHaveCount(0);
    expect((await admin.request.get(`/article/${id}`)).status()).toBe(200);
  } finally {
    await admin.context().close();
  }
});
