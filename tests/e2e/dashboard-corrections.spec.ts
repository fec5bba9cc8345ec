import { expect, test } from '@playwright/test';
import { expectToast, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible, screenshots } from './helpers';

/**
 * Issue 27's corrections (docs/decisions/062-corrections.md): an editor appends a correction to a published article
 * from its details; readers see it at the end of the article and on /corrections, with JavaScript and without.
 */
test('an editor corrects a published article; readers see the correction on the article and on /corrections', async ({ browser }) => {
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const title = unique('Ferry timetable changes');
  const text = 'An earlier version of this article said the last ferry leaves at 22:00. It leaves at 21:30.';
  try {
    const headers = { Authorization: `Bearer ${await tokenOf(editor)}` };
    const category = ((await (await editor.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
    const created = await editor.request.post('/api/articles', {
      headers,
      data: { title, summary: 'Winter sailings start on Monday.', content: '<p>The last ferry leaves at 21:30.</p>', categoryId: category },
    });
    const { id } = (await created.json()) as { id: string };
    expect((await editor.request.post(`/api/articles/${id}/publish`, { headers })).status()).toBe(200);

    await editor.setViewportSize(DESKTOP);
    await editor.goto('/dashboard/articles?status=published');
    await editor
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: /^View/ })
      .click();
    const details = editor.getByRole('dialog', { name: 'Article Details' });
    await expect(details.getByRole('region', { name: 'Corrections' })).toContainText('No corrections.');
    await details.getByRole('button', { name: 'Add Correction' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Add Correction' });
    await expect(dialog).toContainText('A correction cannot be taken back');
    // Nothing to publish: said at the field, nothing sent.
    await dialog.getByRole('button', { name: 'Publish Correction' }).click();
    await expect(dialog.getByText('Correction is required')).toBeVisible();
    await dialog.getByLabel('Correction').fill(text);
    await expectAccessible(editor);
    await dialog.getByRole('button', { name: 'Publish Correction' }).click();
    await expectToast(editor, 'Success', 'Correction published.');
    await expect(dialog).toHaveCount(0);
    await expect(details.getByRole('region', { name: 'Corrections' })).toContainText(text);
    await screenshotsAtBothWidths(editor, 'corrections');

    // A reader, on a phone: at the end of the article, then on /corrections.
    const readerContext = await browser.newContext({ viewport: MOBILE });
    const reader = await readerContext.newPage();
    await reader.goto(`/article/${id}`);
    const box = reader.getByRole('region', { name: 'Correction' });
    await expect(box).toContainText(text);
    await box.scrollIntoViewIfNeeded();
    await expectAccessible(reader);
    await reader.screenshot({ path: 'test-results/screenshots/reader-article-correction-375.png', animations: 'disabled' });
    await reader.goto('/corrections');
    await expect(reader.getByRole('heading', { level: 1, name: 'Corrections' })).toBeVisible();
    const entry = reader.getByRole('listitem').filter({ hasText: text });
    await expect(entry.getByRole('link', { name: title })).toHaveAttribute('href', `/article/${id}`);
    await expectAccessible(reader);
    await screenshots(reader, 'corrections');
    await readerContext.close();
  } finally {
    await editor.context().close();
  }
});
