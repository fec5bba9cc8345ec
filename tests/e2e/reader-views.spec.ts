import { expect, test } from '@playwright/test';
import { DESKTOP, publishedArticles } from './helpers';

test('the view is logged exactly once, after the whole body has been read', async ({ page, request }) => {
  // One browser counts once per article per 30 minutes: read an article that no earlier journey opens (they
  // open the newest articles and the main stories, which the page shows with a count up to 30 s old).
  const { data } = await publishedArticles(request, 'limit=5&section=Business');
  const newest = (await publishedArticles(request, 'limit=3')).data.map((a) => a.id);
  const article = [...data].reverse().find((a) => !a.isMainStory && !newest.includes(a.id)) ?? data.at(-1)!;
  const stats = async () =>
    ((await (await request.get(`/api/view/article/${article.id}/stats`)).json()) as { totalViews: number }).totalViews;
  const before = await stats();

  const posts: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/api/view/article/${article.id}`))
      posts.push(r.postDataJSON() as Record<string, unknown>);
  });
  await page.setViewportSize({ width: DESKTOP.width, height: 600 });
  await page.goto(`/article/${article.id}`);
  await expect(page.getByTestId('view-count')).toHaveText(viewCount(before));

  // Only the top of the body is on screen: nothing is logged.
  await page.waitForTimeout(1_000);
  expect(posts).toHaveLength(0);

  // Read down to the end of the body, a little at a time.
  const body = page.locator('.article-body');
  for (let i = 0; i < 40; i++) {
    const box = await body.boundingBox();
    if (box && box.y + box.height <= 600) break;
    await page.mouse.wheel(0, 150);
    await page.waitForTimeout(60);
  }
  await expect.poll(() => posts.length).toBe(1);
  expect(posts[0]).toMatchObject({ fullyViewed: true, topViewed: true, bottomViewed: true, percentViewed: 100 });
  expect(typeof posts[0]!.viewedAt).toBe('string');
  await expect(page.getByTestId('view-count')).toHaveText(viewCount(before + 1));

  // Scrolling up and down again logs nothing more.
  await page.mouse.wheel(0, -3000);
  await page.waitForTimeout(400);
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(1_000);
  expect(posts).toHaveLength(1);
  expect(await stats()).toBe(before + 1);
});

/** What the article page shows for a count: "1 view", "1,234 views". */
const viewCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'view' : 'views'}`;
