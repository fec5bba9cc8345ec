import { expect, test } from '@playwright/test';
import { SHOTS, expectToast, openArticleEditor, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible, screenshots } from './helpers';

/** The demo's second author (server/src/seed). */
const SAM = { email: 'author2@demo.chronicle.local', name: 'Sam Writer' };

/**
 * Issue 27's co-authors (docs/decisions/064-co-authors.md): an author names colleagues in the byline from the article
 * form; a co-author finds the article among their own and edits it; readers see every writer, each linking to their page.
 */
test('an author names co-authors; a co-author edits the draft as their own; readers see the whole byline', async ({ browser }) => {
  const title = unique('Harbour wall survey');
  const aria = await pageAs(browser, DEMO.author, DEMO_PASSWORD);
  const sam = await pageAs(browser, SAM.email, DEMO_PASSWORD);
  try {
    await aria.goto('/dashboard/articles');
    await aria.getByRole('button', { name: 'Add Article' }).click();
    const dialog = aria.getByRole('dialog', { name: 'Add Article' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Summary').fill('Divers found the old wall sound below the waterline.');
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await aria.keyboard.type('The survey took three tides.');
    await dialog.getByLabel('Category').selectOption({ index: 1 });

    const coAuthors = dialog.getByRole('group', { name: 'Co-authors' });
    const pick = coAuthors.getByLabel('Member of staff to add as a co-author');
    // The author is in the byline already: not offered.
    await expect(pick.locator('option', { hasText: SAM.name })).toHaveCount(1);
    await expect(pick.locator('option', { hasText: 'Aria Author' })).toHaveCount(0);
    await expect(coAuthors.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await pick.selectOption({ label: SAM.name });
    await coAuthors.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(pick).toBeFocused();
    await pick.selectOption({ label: 'Eddie Editor' });
    await coAuthors.getByRole('button', { name: 'Add', exact: true }).click();
    const named = coAuthors.getByRole('list', { name: 'Co-authors' });
    await expect(named.getByRole('listitem')).toHaveText([new RegExp(SAM.name), /Eddie Editor/]);
    // Taken off, and offered again.
    await named.getByRole('button', { name: 'Remove Eddie Editor from the co-authors' }).click();
    await expect(named.getByRole('listitem')).toHaveCount(1);
    await expect(pick.locator('option', { hasText: 'Eddie Editor' })).toHaveCount(1);
    await pick.selectOption({ label: 'Eddie Editor' });
    await coAuthors.getByRole('button', { name: 'Add', exact: true }).click();
    await coAuthors.scrollIntoViewIfNeeded();
    await expectAccessible(aria);
    await screenshotsAtBothWidths(aria, 'coauthors-form');
    // On a phone, the field itself (the full-page shot shows the top of the dialog).
    await aria.setViewportSize(MOBILE);
    await coAuthors.scrollIntoViewIfNeeded();
    await aria.screenshot({ path: `${SHOTS}/dashboard-coauthors-field-375.png`, animations: 'disabled' });
    await aria.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Add Article' }).click();
    await expectToast(aria, 'Success', 'Article added successfully.');

    // Sam finds it among his own articles and edits it; the details name all three.
    await sam.setViewportSize(DESKTOP);
    const editor = await openArticleEditor(sam, title);
    await expect(editor.getByRole('list', { name: 'Co-authors' }).getByRole('listitem')).toHaveText([/Sam Writer/, /Eddie Editor/]);
    await editor.getByLabel('Title').fill(`${title}, updated`);
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(sam, 'Success', 'Article updated successfully.');
    const details = sam.getByRole('dialog', { name: 'Article Details' });
    if (await details.isVisible()) await sam.keyboard.press('Escape');
    const row = sam.getByRole('row', { name: new RegExp(`${title}, updated`) });
    await row.getByRole('button', { name: /^View/ }).click();
    await expect(sam.getByRole('dialog', { name: 'Article Details' })).toContainText('By Aria Author, Sam Writer and Eddie Editor');

    // Published by an editor; a reader on a phone sees every writer, each a link to their page.
    const editorPage = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
    const headers = { Authorization: `Bearer ${await tokenOf(editorPage)}` };
    const list = await editorPage.request.get('/api/articles?status=draft&limit=20', { headers });
    const { id } = ((await list.json()) as { data: { id: string; title: string }[] }).data.find((a) => a.title === `${title}, updated`)!;
    expect((await editorPage.request.post(`/api/articles/${id}/publish`, { headers })).status()).toBe(200);
    await editorPage.context().close();

    const readerContext = await browser.newContext({ viewport: MOBILE });
    const reader = await readerContext.newPage();
    await reader.goto(`/article/${id}`);
    const byline = reader.getByText('By Aria Author, Sam Writer and Eddie Editor');
    await expect(byline).toBeVisible();
    // The comments come to life as they near the screen (a phone's is short): checked once they have, not half-way.
    await expect(reader.getByRole('button', { name: 'Login to Comment' })).toBeEnabled();
    await expectAccessible(reader);
    await screenshots(reader, 'article-coauthors');
    await byline.getByRole('link', { name: SAM.name }).click();
    await expect(reader.getByRole('heading', { level: 1, name: SAM.name })).toBeVisible();
    await expect(reader.getByRole('link', { name: `${title}, updated` }).first()).toBeVisible();
    await readerContext.close();
  } finally {
    await aria.context().close();
    await sam.context().close();
  }
});
