import { expect, test } from '@playwright/test';

test('the home page shows published demo articles', async ({ page, request }) => {
  const res = await request.get('/api/articles/published?limit=1');
  expect(res.ok()).toBeTruthy();
  const { data } = (await res.json()) as { data: { title: string }[] };
  await page.goto('/');
  await expect(page.getByText(data[0]!.title).first()).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
