import { expect, test } from '@playwright/test';
import { pageAs, screenshotsAtBothWidths, tokenOf } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible, loginWithStorage, publishedArticles, screenshots } from './helpers';

/**
 * Issue 28's moderation (docs/decisions/066-comment-moderation.md): a reader reports a comment at 375 px, an editor
 * removes it from the queue at 1280 px, and the thread keeps its place: "This comment was removed".
 */
test('a reader reports a comment, an editor removes it from the queue, the thread shows the removal notice', async ({
  browser,
  page,
  request,
}) => {
  const { data } = await publishedArticles(request, 'limit=5&section=Business');
  const article = data[0]!;
  const words = `Visit cheap-watches dot example for deals ${Date.now()}`;

  // The comment, by a member of staff (Sam Writer), and a reply to it by an editor.
  const writer = await pageAs(browser, 'author2@demo.chronicle.local', DEMO_PASSWORD);
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  try {
    const post = async (as: typeof writer, content: string, parentId?: string) => {
      const res = await as.request.post(`/api/comments/article/${article.id}`, {
        headers: { Authorization: `Bearer ${await tokenOf(as)}` },
        data: { content, parentId },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const commentId = await post(writer, words);
    await post(editor, 'Please keep it on topic.', commentId);

    // The reader, on a phone, reports it.
    await page.setViewportSize(MOBILE);
    await loginWithStorage(page, request, DEMO.reader);
    await page.goto(`/article/${article.id}`);
    const comment = page.locator(`#comment-${commentId}`);
    await comment.scrollIntoViewIfNeeded();
    await comment.getByRole('button', { name: 'Report the comment of Sam Writer' }).first().click();
    const form = comment.getByRole('group', { name: 'Why are you reporting this comment?' });
    await expect(form.getByRole('radio').first()).toBeFocused();
    await form.getByRole('radio', { name: 'Spam or advertising' }).check();
    await expectAccessible(page);
    await comment.getByRole('button', { name: 'Send Report' }).click();
    await expect(comment.getByRole('status')).toHaveText('Thank you. A moderator will look at this comment.');

    // The editor: the overview counts it, the queue lists it with its report, and Remove takes it down with a reason.
    await editor.setViewportSize(DESKTOP);
    await editor.goto('/dashboard');
    await expect(
      editor.getByRole('region', { name: 'Comments to moderate' }).getByRole('link', { name: /Reported comments\s*[1-9]/ }),
    ).toBeVisible();
    await editor.getByRole('navigation').getByRole('link', { name: 'Comments' }).click();
    await expect(editor).toHaveURL('/dashboard/comments');
    const item = editor.getByRole('listitem', { name: 'Comment by Sam Writer' }).filter({ hasText: words });
    await expect(item).toContainText('1 report: Spam or advertising ×1');
    await expectAccessible(editor);
    await screenshotsAtBothWidths(editor, 'moderation-queue');
    await item.getByRole('button', { name: 'Remove' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Remove Comment' });
    await dialog.getByLabel('Why').selectOption('Spam or advertising.');
    await dialog.getByRole('button', { name: 'Remove Comment' }).click();
    await expect(editor.getByRole('status').filter({ hasText: 'Success' })).toContainText('Comment hidden');
    await expect(item).toHaveCount(0);
    await editor.getByRole('button', { name: 'Removed' }).click();
    await expect(editor.getByRole('listitem', { name: 'Comment by Sam Writer' }).filter({ hasText: words })).toContainText(
      'Removed: Spam or advertising.',
    );

    // The thread keeps its shape: the notice in the comment's place, the reply beneath it.
    await page.reload();
    const removed = page.locator(`#comment-${commentId}`);
    await removed.scrollIntoViewIfNeeded();
    await expect(removed).toContainText('This comment was removed.');
    await expect(removed).not.toContainText(words);
    await expect(removed.getByTestId('comment')).toContainText('Please keep it on topic.');
    await screenshots(page, 'comment-removed');

    // Its author is told why.
    const own = await writer.context().newPage();
    await own.goto(`/article/${article.id}`);
    const mine = own.locator(`#comment-${commentId}`);
    await mine.scrollIntoViewIfNeeded();
    await expect(mine).toContainText('A moderator removed your comment. Why: Spam or advertising.');
  } finally {
    await writer.close();
    await editor.close();
  }
});
