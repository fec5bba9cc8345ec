import { expect, test } from '@playwright/test';
import { MOBILE, copyLink, hydrated } from './helpers';

/**
 * Issue 25: the reader's page on a phone's CPU. With the CPU slowed six times (Chromium's own throttling), the page reads
 * at once from the server's HTML, and each interactive part — the header's menu, the share buttons, the comments, the
 * live ticker, the view count — works once React has hydrated it: the header, the page and the footer hydrate as parts
 * of their own (docs/decisions/053-cheap-reader-pages.md), and nothing may be lost on the way.
 */

test('on a CPU six times slower, every part of the article page works once hydrated, and the page reads before', async ({ page }) => {
  test.slow();
  const res = await page.request.get('/api/articles/published?limit=1');
  const { data } = (await res.json()) as { data: { id: string; title: string }[] };
  const article = data[0]!;
  const news = ((await (await page.request.get('/api/breaking-news')).json()) as { news: { headline: string }[] }).news;

  await page.setViewportSize(MOBILE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const viewLogged = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`/api/view/article/${article.id}`), {
    timeout: 60_000,
  });
  // The read-depth watcher is a chunk of its own, fetched once the page has hydrated.
  const watcher = page.waitForResponse((r) => r.url().includes('/assets/watch-read'), { timeout: 60_000 });
  await page.goto(`/article/${article.id}`, { waitUntil: 'commit' });
  // Readable from the server's HTML, before any script has run.
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();

  // The header's menu.
  await hydrated(page, 'button[aria-label="Open menu"]');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('mobile-menu')).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByTestId('mobile-menu')).toBeHidden();

  // The share buttons (their own chunk).
  await hydrated(page, '[aria-label="Copy link"]');
  await copyLink(page, 15_000);

  // The live ticker: its headlines, and its pause button.
  const ticker = page.getByRole('region', { name: 'Breaking news' });
  await expect(ticker.getByTestId('ticker-text')).toContainText(news[0]!.headline);
  await hydrated(page, '[aria-label="Pause breaking news"]');
  await ticker.getByRole('button', { name: 'Pause breaking news' }).click();
  await expect(ticker.getByRole('button', { name: 'Play breaking news' })).toHaveAttribute('aria-pressed', 'true');

  // The view: counted once the whole body has been seen, top (the page opened there) to bottom, as a reader scrolls.
  await watcher;
  await page.waitForTimeout(500);
  const body = page.locator('.article-body');
  for (let i = 0; i < 80; i++) {
    const box = await body.boundingBox();
    if (box && box.y + box.height <= MOBILE.height) break;
    await page.mouse.wheel(0, 150);
    await page.waitForTimeout(100);
  }
  expect((await viewLogged).method()).toBe('POST');

  // The comments (their own chunk): a guest is sent to sign in.
  const login = page.getByRole('button', { name: 'Login to Comment' });
  await login.scrollIntoViewIfNeeded();
  await hydrated(page, 'textarea[placeholder="Log in to join the conversation..."]');
  await login.click();
  await expect(page).toHaveURL('/auth', { timeout: 30_000 });
});
