import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { pageAs, screenshotsAtBothWidths, tokenOf } from './dashboard-helpers';
import { expectAccessible, publishedArticles, screenshots } from './helpers';

/**
 * Issue 26: an admin renames the site and changes a social account in the dashboard's Settings; the home page, an
 * article's head and JSON-LD, the feed and a share page show the new identity on the next load. The settings are
 * put back afterwards: the other specs read the site as a fresh install names it.
 */
test.describe.configure({ mode: 'serial' });

const NAME = 'The Riverside Courier';
const INSTAGRAM = 'https://www.instagram.com/riversidecourier';

/** Puts the settings back as a fresh install has them, whatever a failed run left. */
async function restore(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const { version } = (await (await request.get('/api/settings', { headers: auth })).json()) as { version: number };
  const res = await request.put('/api/settings', {
    headers: auth,
    data: {
      name: 'Chronicle News',
      tagline: 'Independent local and world news, sport, business, technology and opinion, reported by people who live here.',
      social: { facebook: '', twitter: '', instagram: '', linkedin: '' },
      version,
    },
  });
  expect(res.status()).toBe(200);
}

test('an admin renames the site and sets its Instagram account; every reader surface shows them on the next load', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await tokenOf(page);
  try {
    // The first-run setup is done (dashboard-first-run.spec.ts): Settings is in the admin's menu.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const name = page.getByLabel('Site name');
    await expect(name).toHaveValue('Chronicle News');

    // A blank name is refused in the form, with the server's own message, and nothing is saved.
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Site name is required')).toBeVisible();

    await name.fill(NAME);
    await page.getByLabel('Tagline').fill('News from the river towns since 1887.');
    await page.getByLabel('Instagram').fill('http://instagram.com/riversidecourier');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Instagram must be an https address on instagram.com')).toBeVisible();
    await page.getByLabel('Instagram').fill(INSTAGRAM);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved. Every page shows them now.')).toBeVisible();
    await page.goto('/dashboard/settings');
    await expect(page.getByLabel('Site name')).toHaveValue(NAME);
    await expectAccessible(page);
    await screenshotsAtBothWidths(page, 'settings-saved');

    // The home page: header, footer, title and the Organization of its JSON-LD.
    for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page).toHaveTitle(`${NAME}: local and world news`);
      await expect(page.locator('header[data-header] a[href="/"]')).toHaveText(NAME);
      const footer = page.locator('footer');
      await expect(footer).toContainText('News from the river towns since 1887.');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${NAME}. All rights reserved.`);
      await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', INSTAGRAM);
      // Only the account set: no link to a network's home page any more.
      await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
    }
    await screenshots(page, 'settings-rebranded-home');
    const organization = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')).find((d) => d['@type'] === 'Organization'),
    );
    expect(organization).toMatchObject({ name: NAME, sameAs: [INSTAGRAM] });

    // An article: its head names the site, and so do its share page and the feed.
    const [article] = (await publishedArticles(page.request, 'limit=1')).data;
    await page.goto(`/article/${article!.id}`);
    await expect(page).toHaveTitle(`${article!.title} | ${NAME}`);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', NAME);
    const feed = await (await page.request.get('/rss.xml')).text();
    expect(feed).toContain(`<title>${NAME}</title>`);
    const share = await (await page.request.get(`/api/articles/share/${article!.id}`)).text();
    expect(share).toContain(`<meta property="og:site_name" content="${NAME}">`);
  } finally {
    await restore(page.request, token);
    await page.context().close();
  }
});
