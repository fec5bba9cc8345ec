import { expect, test, type Locator } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { DESKTOP, screenshots, uniqueEmail } from './helpers';

/**
 * Issue 24, defect 9: an image that fails before the page has hydrated fired its error event before React
 * listened, so the first server-rendered load showed the browser's broken-image icon and its alt text, and the
 * placeholder only after in-app navigation. The client's script is held back a moment so that the image surely
 * fails first, as on a slow connection.
 */

/** The path of what the img shows, once it shows something (a broken image has no natural width). */
const shown = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? new URL(el.currentSrc).pathname : 'broken'));

test('a broken image shows its fallback on the first server-rendered load (article page and category cards, 1280 px)', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: string; slug: string }[];
  const category = categories[0]!;
  const title = `Broken picture ${uniqueEmail('img').split('@')[0]}`;
  const created = await page.request.post('/api/articles', {
    headers,
    data: {
      title,
      summary: 'An article whose picture is gone.',
      content: '<p>The file was removed.</p>',
      categoryId: category.id,
      imageUrl: `/uploads/gone-${Date.now()}.jpg`,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/articles/${id}/publish`, { headers })).ok()).toBeTruthy();

  try {
    await page.setViewportSize(DESKTOP);
    await page.route('**/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });

    await page.goto(`/article/${id}`);
    const media = page.getByRole('img', { name: title });
    await expect.poll(() => shown(media), { timeout: 15_000 }).toBe('/logo.svg');

    await page.goto(`/category/${category.slug}`);
    const card = page.getByRole('article').filter({ hasText: title }).locator('img');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => shown(card), { timeout: 15_000 }).toBe('/public/placeholder.svg');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`/article/${id}`);
    await expect.poll(() => shown(media)).toBe('/logo.svg');
    await screenshots(page, 'article-broken-image');
  } finally {
    // Journeys after this one take the newest article; a page whose picture is gone would fail them.
    expect((await page.request.delete(`/api/articles/${id}`, { headers })).ok()).toBeTruthy();
  }
});
