import { expect, test, type Page } from '@playwright/test';
import { MOBILE, publishedArticles, type ArticleSummary } from './helpers';

/**
 * Issue 10, 'readable without JavaScript': what needs JavaScript (commenting, copying the link, the mobile
 * menu) says so in its place, and nothing else changes.
 */
/**
 * Whether a note inside a <noscript> shows on screen. Playwright's text and role locators skip <noscript>
 * altogether, so the page is asked directly: the note's box has a size and its style does not hide it.
 */
function noteShown(page: Page, text: string) {
  return page.evaluate((wanted) => {
    for (const el of document.querySelectorAll('noscript *')) {
      if (el.textContent?.trim() !== wanted) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    }
    return false;
  }, text);
}

test.describe('reader: the parts that need JavaScript say so in place', () => {
  test('with JavaScript off: notes instead of the comment form, the copy button and the menu button', async ({ browser, request }) => {
    // An article with comments (earlier journeys may have made a new main story without any).
    let main: ArticleSummary | undefined;
    for (const candidate of (await publishedArticles(request, 'limit=20')).data) {
      const comments = (await (await request.get(`/api/comments/article/${candidate.id}?limit=1`)).json()) as {
        pagination: { total: number };
      };
      if (comments.pagination.total > 0) {
        main = candidate;
        break;
      }
    }
    expect(main, 'a published article with comments').toBeTruthy();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`/article/${main!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: main!.title })).toBeVisible();

    // Comments: read, not written.
    expect(await noteShown(page, 'Turn on JavaScript to comment.')).toBe(true);
    await expect(
      page
        .getByRole('region', { name: /^Comments/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    // No comment form (the page's newsletter box is a plain form, which works without JavaScript).
    await expect(page.getByRole('region', { name: /^Comments/ }).getByRole('textbox')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Login to Comment' })).toBeHidden();

    // Sharing: the networks are plain links to the share page at the public address; copying is not offered.
    const shareUrl = encodeURIComponent(`${new URL(page.url()).origin}/api/articles/share/${main!.id}`);
    await expect(page.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute('href', new RegExp(shareUrl));
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
    expect(await noteShown(page, 'Turn on JavaScript to copy the link, or copy it from the address bar.')).toBe(true);

    // The menu: the button that cannot open gives way to a link to the footer's categories.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    expect(await noteShown(page, 'Categories')).toBe(true);
    await page.locator('header noscript a[href="#footer-categories"]').click();
    await expect(page).toHaveURL(/#footer-categories$/);
    const footerCategories = page.getByRole('navigation', { name: 'Categories (footer)' });
    await expect(footerCategories).toBeInViewport();
    await footerCategories.getByRole('link', { name: main!.category.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: main!.category.name })).toBeVisible();

    await context.close();
  });

  test('with JavaScript on: no note shows, and the controls work as before', async ({ page, request }) => {
    const [main] = (await publishedArticles(request, 'main=true&limit=1')).data;
    await page.setViewportSize(MOBILE);
    await page.goto(`/article/${main!.id}`);
    await expect(page.getByRole('button', { name: 'Login to Comment' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await noteShown(page, 'Turn on JavaScript to comment.')).toBe(false);
    expect(await noteShown(page, 'Turn on JavaScript to copy the link, or copy it from the address bar.')).toBe(false);
    expect(await noteShown(page, 'Categories')).toBe(false);
  });
});
