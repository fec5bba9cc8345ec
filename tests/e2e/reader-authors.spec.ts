import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { DEMO, DESKTOP, expectAccessible, loginWithStorage, MOBILE, screenshots } from './helpers';

/**
 * Issue 24: the home page's Latest river (with 'More news' links that work without JavaScript) and author pages, at
 * 375 and 1280 px; the dashboard's Profile page that fills them. Screenshots go to test-results and, for the issue's
 * closing note, to SHOTS_DIR when it is set.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  await screenshots(page, name);
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${size.width}.png`, fullPage: true, animations: 'disabled' });
  }
}

/** The titles of every story card on the page, in order. */
const cardTitles = (page: Page) => page.locator('main article :is(h2, h3, h4)').allInnerTexts();

for (const size of [MOBILE, DESKTOP]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the home page has a Latest river, shows each story once, and pages on with More news', async ({ page }) => {
      await page.goto('/');
      const latest = page.getByRole('region', { name: 'Latest' });
      await expect(latest).toBeVisible();
      const first = await latest.getByRole('listitem').allInnerTexts();
      expect(first.length).toBe(10);
      const titles = await cardTitles(page);
      expect(titles.length).toBeGreaterThan(10);
      expect(new Set(titles).size, `a story shown twice: ${titles.join(' | ')}`).toBe(titles.length);
      // Below the Sports and Opinions blocks on a phone (one column), after them on a wide screen.
      const sports = await page.getByRole('region', { name: 'Sports' }).boundingBox();
      const river = await latest.boundingBox();
      expect(river!.y).toBeGreaterThan(sports!.y);

      await latest.getByRole('link', { name: 'More news', exact: true }).click();
      await expect(page).toHaveURL(/\/\?page=2$/);
      const second = page.getByRole('region', { name: 'Latest, page 2' });
      await expect(second).toBeVisible();
      const next = await second.getByRole('listitem').allInnerTexts();
      expect(next.length).toBeGreaterThan(0);
      expect(next.filter((t) => first.includes(t))).toEqual([]);
      await expect(page).toHaveTitle('Latest news, page 2 | Chronicle News');
      await second.getByRole('link', { name: 'Newer news', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('region', { name: 'Latest' })).toBeVisible();
      await expectAccessible(page);
    });

    test('without JavaScript, More news is a link to the next page, rendered on the server', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: size });
      const page = await context.newPage();
      // Journeys running beside this one publish articles: one published between the two pages shifts the river by
      // one, and page 2 then repeats page 1's last item. The two pages are read again until they were read between
      // two publications.
      await expect(async () => {
        await page.goto('/');
        const first = await page.getByRole('region', { name: 'Latest' }).getByRole('listitem').allInnerTexts();
        await page.getByRole('region', { name: 'Latest' }).getByRole('link', { name: 'More news', exact: true }).click();
        await expect(page).toHaveURL(/\/\?page=2$/);
        const next = await page.getByRole('region', { name: 'Latest, page 2' }).getByRole('listitem').allInnerTexts();
        expect(next.length).toBeGreaterThan(0);
        expect(next.filter((t) => first.includes(t))).toEqual([]);
      }).toPass({ timeout: 30_000 });
      await context.close();
    });

    test('a byline leads to the author page: name, their articles, pages, a Person in JSON-LD', async ({ page }) => {
      await page.goto('/');
      const byline = page.getByRole('region', { name: 'Latest' }).locator('a[href^="/author/"]').first();
      const name = (await byline.innerText()).trim();
      await byline.click();
      await expect(page).toHaveURL(/\/author\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(`${name} | Chronicle News`);
      await expect(page.locator('main article').first()).toBeVisible();
      // The head follows in-app navigation only after issue 24's head defects; the server's head is checked on a load.
      await page.reload();
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(ld.some((text) => text.includes('"ProfilePage"') && text.includes(`"name":"${name}"`))).toBe(true);
      await expectAccessible(page);
    });
  });
}

test('the author edits their profile in the dashboard; their page shows the name, bio and photo', async ({ page, request }) => {
  await loginWithStorage(page, request, DEMO.author);
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#b45309' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="240" height="240"><circle cx="120" cy="95" r="50" fill="#fde68a"/><rect x="50" y="160" width="140" height="80" rx="40" fill="#fde68a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await page.getByLabel('Photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  const bio = 'Reports on the city council, housing and transport. Before Chronicle News, ten years at the Evening Post.';
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Your author page' }).click();
  await expect(page).toHaveURL(/\/author\/[a-z0-9-]+$/);
  await expect(page.getByText(bio)).toBeVisible();
  // Rendered on the server with the photo: a fresh load shows it too.
  await page.reload();
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.locator('main header img')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'author');

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Latest' })).toBeVisible();
  await shoot(page, 'home');
});
