import { expect, test, type Page } from '@playwright/test';
import { expectToast, pageAs, screenshotsAtBothWidths, shot, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible } from './helpers';

/**
 * Issue 27's review (docs/decisions/058-review.md): an author submits a draft; an editor finds it waiting on the
 * overview and sends it back with a note; the author reads the note, submits again; the editor publishes it, and
 * readers see it. At both widths; axe clean on the screens it passes.
 */
test.describe.configure({ mode: 'serial' });

/** The article's row in the Articles table, with its actions. */
const rowOf = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });

test('an author submits, an editor sends back with a note, the author resubmits, the editor publishes', async ({ browser }) => {
  test.setTimeout(150_000);
  const author = await pageAs(browser, DEMO.author, DEMO_PASSWORD);
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const title = unique('Harbour dredging plan');
  try {
    // The author's draft, written through the API (the editor's form has journeys of its own).
    const headers = { Authorization: `Bearer ${await tokenOf(author)}` };
    const category = ((await (await author.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
    const created = await author.request.post('/api/articles', {
      headers,
      data: {
        title,
        summary: 'The port authority wants to deepen the channel.',
        content: '<p>Dredging could start in spring.</p>',
        categoryId: category,
        section: 'General',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // The author submits it from the Articles table, confirming.
    await author.setViewportSize(DESKTOP);
    await author.goto('/dashboard/articles');
    await rowOf(author, title)
      .getByRole('button', { name: `Submit “${title}” for review` })
      .click();
    const confirmSubmit = author.getByRole('dialog', { name: 'Submit for Review' });
    await expect(confirmSubmit).toContainText('An editor will publish it or send it back to you with a note.');
    await confirmSubmit.getByRole('button', { name: 'Submit' }).click();
    await expectToast(author, 'Success', 'Article submitted for review.');
    await expect(rowOf(author, title)).toContainText('In review');
    await expect(rowOf(author, title).getByRole('button', { name: `Withdraw “${title}” from review` })).toBeVisible();

    // The editor's overview lists it, oldest first; the queue holds it with Send Back and Publish.
    await editor.setViewportSize(DESKTOP);
    await editor.goto('/dashboard');
    const waiting = editor.getByRole('region', { name: /Waiting for review/ });
    await expect(waiting).toContainText(title);
    await expectAccessible(editor);
    await waiting.getByRole('link', { name: 'The review queue' }).click();
    await expect(editor.getByRole('button', { name: 'In review', pressed: true })).toBeVisible();
    await expect(editor.getByText('Articles submitted for review, the longest waiting first.')).toBeVisible();
    await rowOf(editor, title)
      .getByRole('button', { name: `Send “${title}” back to its author` })
      .click();
    const sendBack = editor.getByRole('dialog', { name: 'Send Back' });
    // The note is required.
    await sendBack.getByRole('button', { name: 'Send Back' }).click();
    await expect(sendBack.getByText('Note is required')).toBeVisible();
    await sendBack.getByLabel('Note to the author').fill('Please add the port authority’s cost estimate.');
    await expectAccessible(editor);
    await shot(editor, 'review-send-back', false);
    await sendBack.getByRole('button', { name: 'Send Back' }).click();
    await expectToast(editor, 'Success', 'Article sent back to its author.');
    await expect(rowOf(editor, title)).toHaveCount(0);

    // The author: the note on the overview and on the article; a second submit.
    for (const viewport of [MOBILE, DESKTOP]) {
      await author.setViewportSize(viewport);
      await author.goto('/dashboard');
      const back = author.getByRole('region', { name: /Sent back to you/ });
      await expect(back).toContainText(title);
      await expect(back).toContainText('Please add the port authority’s cost estimate.');
      await expectAccessible(author);
    }
    await screenshotsAtBothWidths(author, 'review-sent-back');
    await author.setViewportSize(DESKTOP);
    await author.goto('/dashboard/articles?status=draft');
    await expect(rowOf(author, title)).toContainText('Sent back');
    await rowOf(author, title)
      .getByRole('button', { name: `View “${title}”` })
      .click();
    const view = author.getByRole('dialog', { name: 'Article Details' });
    await expect(view.getByRole('note', { name: 'Sent back by an editor' })).toContainText(
      'Please add the port authority’s cost estimate.',
    );
    await view.getByRole('button', { name: `Submit “${title}” for review` }).click();
    await author.getByRole('dialog', { name: 'Submit for Review' }).getByRole('button', { name: 'Submit' }).click();
    await expectToast(author, 'Success', 'Article submitted for review.');
    // It left the drafts (and its details, which showed a draft); in review, the note it answered is gone.
    await expect(rowOf(author, title)).toHaveCount(0);
    const resubmitted = (await (await author.request.get(`/api/articles/${id}`, { headers })).json()) as {
      status: string;
      reviewNote: string | null;
    };
    expect(resubmitted).toMatchObject({ status: 'review', reviewNote: null });

    // Not public while in review.
    expect((await author.request.get(`/article/${id}`, { headers: {} })).status()).toBe(404);

    // The editor publishes it from the queue; readers see it.
    await editor.goto('/dashboard/articles?status=review');
    await rowOf(editor, title)
      .getByRole('button', { name: `Publish “${title}”` })
      .click();
    await expect(rowOf(editor, title)).toHaveCount(0);
    await shot(editor, 'review-queue', false);
    const published = await editor.request.get(`/article/${id}`);
    expect(published.status()).toBe(200);
    expect(await published.text()).toContain(title);
  } finally {
    await author.context().close();
    await editor.context().close();
  }
});
