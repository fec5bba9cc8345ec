import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, publishedArticles } from './helpers';

/**
 * The reader's pages as the server renders them (docs/decisions/025-server-rendering.md): their islands start, or
 * they hydrate (docs/decisions/054-reader-islands.md), without a warning or a second read of their data, and they read
 * without JavaScript.
 */

/** Loads `path` and records what the console said and which API reads the browser made. */
async function load(page: Page, path: string) {
  const messages: string[] = [];
  const reads: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    // The live ticker's stream (issue 13) is not a read of the page's data: it only brings later changes.
    if (r.method() === 'GET' && pathname.startsWith('/api/') && pathname !== '/api/breaking-news/stream') reads.push(pathname);
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  // Hydration has run once the main script has; give React's passive effects a moment.
  await page.waitForTimeout(300);
  return { status: response?.status(), messages, reads };
}

test.describe('reader: server rendering and islands', () => {
  for (const size of [MOBILE, DESKTOP]) {
    test(`every reader page starts its islands with no console error or warning and no read of its data at ${size.width} px`, async ({
      page,
      request,
    }) => {
      const [article] = (await publishedArticles(request, 'limit=1')).data;
      const { author } = (await (await request.get(`/api/articles/${article!.id}`)).json()) as { author: { slug: string } };
      await page.setViewportSize(size);
      const pages = [
        { path: '/', status: 200 },
        { path: `/article/${article!.id}`, status: 200 },
        { path: `/category/${article!.category.slug}`, status: 200 },
        { path: '/news/sports', status: 200 },
        { path: '/news/editorials', status: 200 },
        // Issue 24: a later page of the Latest river, and an author page (a chunk that hydrates once it has loaded).
        { path: '/?page=2', status: 200 },
        { path: `/author/${author.slug}`, status: 200 },
      ];
      for (const { path, status } of pages) {
        const result = await load(page, path);
        expect(result.status, path).toBe(status);
        expect(result.messages, path).toEqual([]);
        expect(result.reads, path).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
        page.removeAllListeners('request');
      }
      // A missing page is a 404 whose only console line is the browser's own note of the status.
      const missing = await load(page, '/article/4f0c3c55-5d2d-4b8e-9a56-000000000000');
      expect(missing.status).toBe(404);
      await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
      expect(missing.messages.filter((m) => !/status of 404/.test(m))).toEqual([]);
      expect(missing.reads).toEqual([]);
    });
  }

  test('links load the next page without React: the pages are islands', async ({ page, request }) => {
    const [main] = (await publishedArticles(request, 'main=true&limit=1')).data;
    const scripts: string[] = [];
    const documents: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.resourceType() === 'document') documents.push(pathname);
      if (r.resourceType() === 'script') scripts.push(pathname);
    });
    const react = () => scripts.filter((s) => /\/assets\/(react|spa|comments)/.test(s));
    await load(page, '/');
    expect(react()).toEqual([]);
    await page
      .getByRole('region', { name: 'Main story' })
      .getByRole('link', { name: /Read Full Story/ })
      .click();
    await expect(page).toHaveURL(`/article/${main!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: main!.title })).toBeVisible();
    await expect(page).toHaveTitle(`${main!.title} | Chronicle News`);
    scripts.length = 0;
    await page.getByRole('navigation').getByRole('link', { name: main!.category.name }).first().click();
    await expect(page).toHaveURL(`/category/${main!.category.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: main!.category.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Each page its own document; the home and category pages load no React (docs/decisions/054-reader-islands.md).
    expect(documents).toEqual(['/', `/article/${main!.id}`, `/category/${main!.category.slug}`]);
    expect(react()).toEqual([]);
  });

  test('with JavaScript off, a reader reads an article and finds their way by links', async ({ browser, request }) => {
    const [main] = (await publishedArticles(request, 'main=true&limit=1')).data;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Main story' }).getByRole('heading', { name: main!.title })).toBeVisible();
    await page
      .getByRole('region', { name: 'Main story' })
      .getByRole('link', { name: /Read Full Story/ })
      .click();

    await expect(page).toHaveURL(`/article/${main!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: main!.title })).toBeVisible();
    const paragraph = page.locator('article p').first();
    await expect(paragraph).toBeVisible();
    expect((await paragraph.textContent())!.length).toBeGreaterThan(20);
    const image = page.locator('article img').first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto('/news/sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await context.close();
  });
});
