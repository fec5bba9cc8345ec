import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, hydrated, loginWithStorage, publishedArticles, screenshots } from './helpers';

/** Posts a comment (a reply with `parentId`) as a demo account through the API; answers its id. */
async function postAs(request: APIRequestContext, email: string, articleId: string, content: string, parentId?: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const posted = await request.post(`/api/comments/article/${articleId}`, {
    data: { content, parentId },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { data: { id: string } }).data.id;
}

const postAsReader = (request: APIRequestContext, articleId: string, content: string) => postAs(request, DEMO.reader, articleId, content);

test.describe('reader: comments', () => {
  test('a guest is sent to /auth by "Login to Comment" and sees no Reply buttons', async ({ page, request }) => {
    const { data } = await publishedArticles(request, 'limit=1');
    // A comment to be seen (and not replied to) by the guest.
    await postAsReader(request, data[0]!.id, `Seen by a guest ${Date.now()}`);
    await page.goto(`/article/${data[0]!.id}`);
    // A guest's comments come to life as the reader nears them (docs/decisions/054-reader-islands.md).
    await page.getByRole('heading', { name: /^Comments \(\d+\)$/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: /^Comments \(\d+\)$/ })).toBeVisible();
    await expect(page.getByTestId('comment').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Login to Comment' }).click();
    await expect(page).toHaveURL('/auth');
    // A reader who logs in from there is taken back to the article, now able to comment.
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(DEMO.reader);
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`/article/${data[0]!.id}`);
    await expect(page.getByRole('button', { name: 'Post Comment' })).toBeVisible();
  });

  test('a reader posts, replies, edits and deletes; lists update in place', async ({ page, request }) => {
    // An article with no comments yet keeps the counts simple.
    const { data } = await publishedArticles(request, 'limit=30&section=Technology');
    const article = data[data.length - 1]!;
    await loginWithStorage(page, request, DEMO.reader);
    await page.goto(`/article/${article.id}`);
    const heading = page.getByRole('heading', { name: /^Comments/ });
    await expect(heading).toHaveText(/^Comments \(\d+\)$/);
    const before = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);

    const box = page.getByLabel('Write a comment');
    const post = page.getByRole('button', { name: 'Post Comment' });
    await expect(post).toBeDisabled();
    // Only spaces: nothing to post (issue 24, defect 11).
    await box.fill('   ');
    await expect(post).toBeDisabled();

    const first = `First thoughts ${Date.now()}: the late-night buses will change how the town centre works after dark, for better and worse.`;
    await box.fill(first);
    await post.click();
    const comments = page.getByTestId('comment');
    await expect(comments.first()).toContainText(first);
    await expect(comments.first().locator('[data-highlighted]').first()).toBeVisible();
    await expect(heading).toHaveText(`Comments (${before + 1})`);
    await expect(box).toHaveValue('');

    const second = `Second comment ${Date.now()}`;
    await box.fill(second);
    await post.click();
    // Newest first.
    await expect(comments.first()).toContainText(second);
    await expect(heading).toHaveText(`Comments (${before + 2})`);

    // Reply to the first comment: Reply toggles to Cancel Reply.
    const firstItem = comments.filter({ hasText: first }).first();
    await firstItem.getByRole('button', { name: 'Reply', exact: true }).first().click();
    await expect(firstItem.getByRole('button', { name: 'Cancel Reply' })).toBeVisible();
    const reply = `A reply ${Date.now()}`;
    await firstItem.getByLabel(/^Reply to /).fill(reply);
    await firstItem.getByRole('button', { name: 'Post Reply' }).click();
    await expect(firstItem.getByTestId('comment').filter({ hasText: reply })).toBeVisible();
    // Edit mode puts the text in a box, so the reply is found by its id from here on.
    const replyId = await firstItem.getByTestId('comment').filter({ hasText: reply }).getAttribute('id');
    const replyItem = page.locator(`[id="${replyId}"]`);
    // The quoted parent is cut at 80 characters with '...'.
    await expect(replyItem.getByRole('button', { name: /Replying to Riley Reader:/ })).toContainText(`${first.slice(0, 80)}...`);
    await expect(heading).toHaveText(`Comments (${before + 2})`);
    await screenshots(page, 'article-comments');

    // Jumping to the quoted parent highlights it for 2 s.
    await replyItem.getByRole('button', { name: /Replying to/ }).click();
    const firstBox = firstItem.locator(':scope > div');
    await expect(firstBox).toHaveAttribute('data-highlighted', 'true');
    await expect(firstBox).not.toHaveAttribute('data-highlighted', 'true', { timeout: 4_000 });

    // Edit: Cancel keeps the text; Save replaces it where it is nested.
    await replyItem.getByRole('button', { name: 'Edit' }).click();
    await replyItem.getByLabel('Edit comment').fill('changed my mind');
    await replyItem.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(replyItem).toContainText(reply);
    await replyItem.getByRole('button', { name: 'Edit' }).click();
    await replyItem.getByLabel('Edit comment').fill('');
    await expect(replyItem.getByRole('button', { name: 'Save' })).toBeDisabled();
    const edited = `${reply} (updated)`;
    await replyItem.getByLabel('Edit comment').fill(edited);
    await replyItem.getByRole('button', { name: 'Save' }).click();
    const editedItem = replyItem;
    await expect(editedItem).toContainText(edited);
    await expect(editedItem).toContainText('(edited)');

    // Delete asks first; dismissing keeps it, accepting removes it.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this comment?');
      void d.dismiss();
    });
    await editedItem.getByRole('button', { name: 'Delete' }).click();
    await expect(editedItem).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await editedItem.getByRole('button', { name: 'Delete' }).click();
    await expect(editedItem).toHaveCount(0);

    page.once('dialog', (d) => void d.accept());
    await comments.filter({ hasText: second }).getByRole('button', { name: 'Delete' }).click();
    await expect(comments.filter({ hasText: second })).toHaveCount(0);
    await expect(heading).toHaveText(`Comments (${before + 1})`);

    // What the page shows is what the server kept.
    await page.reload();
    await expect(page.getByTestId('comment').filter({ hasText: first })).toBeVisible();
    await expect(page.getByTestId('comment').filter({ hasText: second })).toHaveCount(0);
    await expect(page.getByTestId('comment').filter({ hasText: reply })).toHaveCount(0);
  });

  test('a comment shows its newest replies, and the keyboard loads the others', async ({ page, request }) => {
    const { data } = await publishedArticles(request, 'limit=2');
    const articleId = data[1]!.id;
    const stamp = Date.now();
    const parentId = await postAs(request, DEMO.author, articleId, `Asked by the author ${stamp}`);
    // Oldest first: reply 1 is the oldest, reply 5 the newest.
    for (const n of [1, 2, 3, 4, 5]) await postAs(request, DEMO.editor, articleId, `Answer ${n} of ${stamp}`, parentId);

    await page.goto(`/article/${articleId}`);
    const parent = page.locator(`[id="comment-${parentId}"]`);
    const replies = parent.getByRole('list', { name: /^Replies to / }).getByTestId('comment');
    await expect(replies).toHaveText([/Answer 5 of/, /Answer 4 of/, /Answer 3 of/]);
    const more = parent.getByRole('button', { name: 'Show 2 more replies' });
    // Reached from the last reply shown with the keyboard, pressed with Enter.
    await replies
      .last()
      .getByRole('button', { name: /^Replying to/ })
      .focus();
    await page.keyboard.press('Tab');
    await expect(more).toBeFocused();
    // Tabbing into the comments started their island, which hydrates them in place: the focus stays where it was.
    await hydrated(page, `[id="comment-${parentId}"] button`);
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(replies).toHaveText([/Answer 5 of/, /Answer 4 of/, /Answer 3 of/, /Answer 2 of/, /Answer 1 of/]);
    await expect(more).toHaveCount(0);
    // The focus moves to the first reply loaded.
    await expect(replies.nth(3)).toBeFocused();
  });

  test('another user sees Reply but no Edit or Delete on a comment that is not theirs', async ({ page, request }) => {
    const { data } = await publishedArticles(request, 'limit=1');
    const login = await request.post('/api/auth/login', { data: { email: DEMO.reader, password: DEMO_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const text = `Riley's comment ${Date.now()}`;
    const posted = await request.post(`/api/comments/article/${data[0]!.id}`, {
      data: { content: text },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(posted.status()).toBe(201);

    await loginWithStorage(page, request, DEMO.author);
    await page.goto(`/article/${data[0]!.id}`);
    const theirs = page.getByTestId('comment').filter({ hasText: text }).locator(':scope > div');
    await expect(theirs).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Reply', exact: true })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});
