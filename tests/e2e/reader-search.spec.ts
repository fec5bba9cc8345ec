import { expect, test } from '@playwright/test';
import { DESKTOP, MOBILE, expectAccessible, publishedArticles, screenshots } from './helpers';

/** The longest word of a title: what a reader who remembers a story types. */
const wordOf = (title: string) => [...(title.match(/\p{L}{4,}/gu) ?? [])].sort((a, b) => b.length - a.length)[0]!;

test.describe('reader: search (docs/decisions/065-search.md)', () => {
  test('at 1280 px: "/" focuses the header box, the results open an article, a filter narrows them', async ({ page, request }) => {
    const [article] = (await publishedArticles(request, 'limit=1')).data;
    const word = wordOf(article!.title);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.locator('body').press('/');
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search articles' });
    await expect(box).toBeFocused();
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${word}”`);
    await expect(page.getByRole('heading', { level: 2, name: /\d+ articles? found/ })).toBeVisible();
    const results = page.getByRole('region', { name: /found/ });
    const result = results.getByRole('link', { name: article!.title, exact: true });
    await expect(result).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'search');

    // A filter is a link: the category of the article, then taken off again.
    const filters = page.getByRole('complementary', { name: 'Narrow the results' });
    await filters.getByRole('link', { name: new RegExp(`^${article!.category.name}\\s*\\d+$`) }).click();
    await expect(page).toHaveURL(new RegExp(`category=${article!.category.slug}`));
    await expect(results.getByRole('link', { name: article!.title, exact: true })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`^Category: ${article!.category.name}`) }).click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`);

    await results.getByRole('link', { name: article!.title, exact: true }).click();
    await expect(page).toHaveURL(`/article/${article!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article!.title })).toBeVisible();
  });

  test('at 375 px: the header leads to /search, a typo offers the right spelling', async ({ page, request }) => {
    const [article] = (await publishedArticles(request, 'limit=1')).data;
    const word = wordOf(article!.title).toLowerCase();
    // One letter dropped from the middle of the word.
    const typo = word.slice(0, 2) + word.slice(3);
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search articles' });
    await box.fill(typo);
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Did you mean')).toBeVisible();
    await page.getByRole('link', { name: word, exact: true }).click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`);
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: article!.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: article!.title })).toBeVisible();
  });
});
