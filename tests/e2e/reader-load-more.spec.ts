import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { MOBILE, hydrated, uniqueEmail } from './helpers';

/**
 * "Load more stories" on a category page (docs/spec/SPEC.md §2), a page of islands (docs/decisions/054): the button adds
 * the next page's cards to the grid in place, without loading another page, and goes once the list is complete.
 */
test('a category of 30 articles shows 27, then all 30 after "Load more stories"', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const name = `More ${uniqueEmail('c').split('@')[0]!.slice(2, 14)}`;
  const created = await page.request.post('/api/categories', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const category = (await created.json()) as { id: string; slug: string };
  const ids: string[] = [];
  try {
    for (let n = 1; n <= 30; n++) {
      const article = await page.request.post('/api/articles', {
        headers,
        data: { title: `Story ${n} of ${name}`, summary: `Number ${n}.`, content: `<p>Story ${n}.</p>`, categoryId: category.id },
      });
      expect(article.status()).toBe(201);
      const { id } = (await article.json()) as { id: string };
      ids.push(id);
      expect((await page.request.post(`/api/articles/${id}/publish`, { headers })).ok()).toBeTruthy();
    }

    await page.setViewportSize(MOBILE);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.goto(`/category/${category.slug}`);
    await expect(page.getByText('30 article(s) found')).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(27);
    const more = page.getByRole('button', { name: 'Load more stories' });
    await hydrated(page, 'button[data-load-more]');
    await more.click();
    await expect(cards).toHaveCount(30);
    await expect(more).toHaveCount(0);
    // The oldest three, each once, linking to its article.
    for (const n of [1, 2, 3]) {
      const card = cards.filter({ hasText: `Story ${n} of ${name}` });
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('link').first()).toHaveAttribute('href', `/article/${ids[n - 1]}`);
    }
    expect(documents).toHaveLength(1);
  } finally {
    for (const id of ids) await page.request.delete(`/api/articles/${id}`, { headers });
    await page.request.delete(`/api/categories/${category.id}`, { headers });
  }
});
