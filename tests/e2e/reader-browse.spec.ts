import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, copyLink, expectAccessible, publishedArticles, screenshots } from './helpers';

test.describe('reader: browsing', () => {
  test('home → article → category → section, with the exact texts of SPEC §2', async ({ page, request }) => {
    // The blocks as the API makes them, each article in the first block it belongs to only (issue 24).
    const [main, home] = await Promise.all([
      publishedArticles(request, 'main=true&limit=1'),
      request.get('/api/articles/home').then((r) => r.json() as Promise<Record<'featured' | 'sports' | 'opinions', { title: string }[]>>),
    ]);
    const published: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/articles/published')) published.push(new URL(r.url()).search);
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });

    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Main story' });
    await expect(hero.getByRole('heading', { name: main.data[0]!.title })).toBeVisible();
    await expect(hero.getByRole('link', { name: /Read Full Story/ })).toBeVisible();
    const featuredSection = page.getByRole('region', { name: 'Featured Stories' });
    expect(home.featured.length).toBeGreaterThan(0);
    for (const a of home.featured) await expect(featuredSection.getByRole('heading', { name: a.title })).toBeVisible();
    const sportsBlock = page.getByRole('region', { name: 'Sports', exact: true });
    await expect(sportsBlock.getByRole('heading', { name: home.sports[0]!.title })).toBeVisible();
    await expect(sportsBlock.getByRole('article')).toHaveCount(home.sports.length);
    const opinionsBlock = page.getByRole('region', { name: 'Editorials & Opinions' });
    await expect(opinionsBlock.getByRole('heading', { name: home.opinions[0]!.title })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Chronicle News`);

    // The home page arrives rendered with its data: the browser asks the API for none of it again.
    expect(published).toEqual([]);

    await expectAccessible(page);
    await screenshots(page, 'home');

    // Home → article through the hero.
    await hero.getByRole('link', { name: /Read Full Story/ }).click();
    await expect(page).toHaveURL(`/article/${main.data[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: main.data[0]!.title })).toBeVisible();
    await expect(page.getByText(/^By /).first()).toBeVisible();
    await expect(page.getByTestId('view-count')).toHaveText(/\d+ views?/);
    for (const name of ['Share on Facebook', 'Share on Twitter', 'Share on LinkedIn']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute(
        'href',
        new RegExp(encodeURIComponent(`/api/articles/share/${main.data[0]!.id}`)),
      );
    }
    await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'article');

    // Copy link: the alert of SPEC §4.
    await copyLink(page);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/article/${main.data[0]!.id}$`));

    // Article → category through the header.
    const category = main.data[0]!.category;
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Categories', exact: true })
      .getByRole('link', { name: category.name, exact: true })
      .click();
    await expect(page).toHaveURL(`/category/${category.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    const inCategory = await publishedArticles(request, `category=${category.id}&limit=1`);
    await expect(page.getByText(`${inCategory.pagination.total} article(s) found`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest Stories' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'category');

    // The same category by its slug.
    await page.goto(`/category/${category.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();

    // Home → section through 'View All'.
    await page.goto('/');
    await page.getByRole('link', { name: 'View All: Sports' }).click();
    await expect(page).toHaveURL('/news/sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'section-sports');

    // Readers never download the dashboard's code.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /dashboard|rich-text|tiptap/i.test(s))).toEqual([]);

    const opinions = await publishedArticles(request, `section=${encodeURIComponent('Opinions & Editorials')}&limit=1`);
    await page.goto('/news/EDITORIALS');
    await expect(page.getByRole('heading', { level: 1, name: 'Editorials and Opinions' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { name: opinions.data[0]!.title })).toBeVisible();
  });

  test('a category with at most three articles shows only Latest Stories', async ({ page, request }) => {
    const categories = (await (await request.get('/api/categories')).json()) as { id: string; name: string; slug: string }[];
    let small: { id: string; total: number } | undefined;
    for (const c of categories) {
      const { pagination } = await publishedArticles(request, `category=${c.id}&limit=1`);
      if (pagination.total > 0 && pagination.total <= 3) {
        small = { id: c.id, total: pagination.total };
        break;
      }
    }
    // The demo content has categories with one to three published articles (World, Health, Culture…).
    expect(small, 'a category with one to three published articles').toBeDefined();
    await page.goto(`/category/${small!.id}`);
    await expect(page.getByText(`${small!.total} article(s) found`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest Stories' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(small!.total);
    await expect(page.getByRole('heading', { name: 'More Stories' })).toHaveCount(0);
  });

  test('not-found screens: unknown path, article, category and section', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect.poll(() => warnings.some((w) => w.includes('/no/such/page'))).toBe(true);
    await screenshots(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/article/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await page.goto('/article/not-a-uuid');
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await screenshots(page, 'article-not-found');
    // 'Go Back' goes back one page.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/article/00000000-0000-4000-8000-000000000000');

    await page.goto('/category/no-such-category');
    await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/news/weather');
    await expect(page.getByRole('heading', { name: 'Section Not Found' })).toBeVisible();
    await expect(page.getByText("The section you're looking for doesn't exist.")).toBeVisible();
    await screenshots(page, 'section-not-found');
  });

  test('mobile menu: opens, lists the categories and Login, closes on a click outside', async ({ page, request }) => {
    const categories = (await (await request.get('/api/categories')).json()) as { id: string; name: string; slug: string }[];
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const c of categories) await expect(menu.getByRole('link', { name: c.name, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await screenshots(page, 'mobile-menu');
    await page.setViewportSize(MOBILE);
    await page.mouse.click(5, 700);
    await expect(menu).toBeHidden();

    // Keyboard: Escape closes it and gives focus back to the button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // A category link navigates and closes the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: categories[0]!.name, exact: true }).click();
    await expect(page).toHaveURL(`/category/${categories[0]!.slug}`);
    await expect(menu).toBeHidden();
  });

  test('the header slides in past 150 px of scroll and leaves above 100 px', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-mode', 'static');
    await page.evaluate(() => window.scrollTo(0, 140));
    await page.waitForTimeout(200);
    await expect(header).toHaveAttribute('data-mode', 'static');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-mode', 'pinned');
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.waitForTimeout(200);
    await expect(header).toHaveAttribute('data-mode', 'pinned');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute('data-mode', 'leaving');
    await expect(header).toHaveAttribute('data-mode', 'static');
  });

  test('breaking-news ticker: newest published headlines, pausable from the keyboard', async ({ page, request }) => {
    const { news } = (await (await request.get('/api/breaking-news')).json()) as { news: { headline: string }[] };
    // The demo content publishes five headlines.
    expect(news.length).toBeGreaterThan(0);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const ticker = page.getByRole('region', { name: 'Breaking news' });
    await expect(ticker).toBeVisible();
    await expect(ticker.getByRole('listitem')).toHaveCount(Math.min(5, news.length));
    await expect(ticker.getByTestId('ticker-text')).toHaveText(news[0]!.headline);
    const pause = ticker.getByRole('button', { name: 'Pause breaking news' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(ticker.getByRole('button', { name: 'Play breaking news' })).toHaveAttribute('aria-pressed', 'true');
    // Sticky: still on screen after scrolling.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(ticker).toBeInViewport();

    await page.setViewportSize(MOBILE);
    await expect(ticker.getByTestId('ticker-text')).toContainText(news[0]!.headline);
  });

  test('a ticker whose live stream is refused fetches the headlines every minute and tries the stream again later', async ({
    page,
    request,
  }) => {
    // Issue 22: a network holding its share of streams is answered 429 (docs/decisions/040).
    let streamTries = 0;
    await page.route('**/api/breaking-news/stream', (route) => {
      streamTries++;
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '60' },
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Too Many Requests',
          message: 'Too many live updates are open from your network, please retry later',
        }),
      });
    });
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const ticker = page.getByRole('region', { name: 'Breaking news' });
    await expect(ticker).toBeVisible();
    await expect.poll(() => streamTries).toBe(1);

    const login = await request.post('/api/auth/login', { data: { email: DEMO.editor, password: DEMO_PASSWORD } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const headline = `Ferry timetable restored ${Date.now().toString(36)}`;
    const created = (await (await request.post('/api/breaking-news', { headers, data: { headline } })).json()) as { id: string };
    try {
      expect((await request.post(`/api/breaking-news/${created.id}/publish`, { headers })).ok()).toBe(true);
      await expect(ticker).not.toContainText(headline);
      // A minute later: fetched, without a stream. The stream was tried again meanwhile (after 5 s).
      await page.clock.fastForward(60_000);
      await expect(ticker).toContainText(headline);
      expect(streamTries).toBeGreaterThan(1);
    } finally {
      await request.delete(`/api/breaking-news/${created.id}`, { headers });
    }
  });
});
