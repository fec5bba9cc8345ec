import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { expectToast, pageAs, screenshotsAtBothWidths, shot, tokenOf } from './dashboard-helpers';
import { DESKTOP, MOBILE, expectAccessible, screenshots } from './helpers';

/**
 * Issue 26: an editor writes an About page in the dashboard and publishes it; readers find it at its address, server
 * rendered, linked from the footer. An admin then puts it in the header menu and gives the site a blue accent (a
 * pale one is refused, with its contrast); every page shows both. Everything is put back afterwards.
 */
test.describe.configure({ mode: 'serial' });

const TITLE = 'About the Courier';
const SLUG = `about-the-courier-${Date.now().toString(36)}`;
const ACCENT = '#1d4ed8';

async function restore(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const { version } = (await (await request.get('/api/settings', { headers: auth })).json()) as { version: number };
  const res = await request.put('/api/settings', { headers: auth, data: { accentColor: '#b91c1c', navigation: { header: null, footer: null }, version } });
  expect(res.status()).toBe(200);
  const pages = (await (await request.get('/api/pages', { headers: auth })).json()) as { id: string; slug: string }[];
  for (const p of pages.filter((p) => p.slug === SLUG)) await request.delete(`/api/pages/${p.id}`, { headers: auth });
}

test('a page written in the dashboard is a reader page; the menus and the accent colour follow the settings', async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await tokenOf(page);
  try {
    await page.goto('/dashboard/pages');
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
    // A fresh install's Privacy page is there, published.
    await expect(page.getByRole('row', { name: /Privacy/ })).toContainText('Published');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Page' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Address').fill('dashboard');
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('We have reported on the river towns since 1887.');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    // A reserved address is refused in the form, before anything is sent.
    await expect(dialog.getByText('/dashboard is an address the site uses itself: choose another')).toBeVisible();
    await dialog.getByLabel('Address').fill(SLUG);
    await dialog.getByLabel('Description').fill('Who we are and how we work.');
    await dialog.getByLabel('Status').selectOption('published');
    await shot(page, 'page-form');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await expectToast(page, 'Success', 'Page created successfully.');
    await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toContainText('Published');
    await screenshotsAtBothWidths(page, 'pages');

    // Readers: the page at its address, server-rendered, and in every page's footer (the default footer menu).
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const res = await page.goto(`/${SLUG}`);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(`${TITLE} | Chronicle News`);
      await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
      await expect(page.locator('.article-body')).toHaveText('We have reported on the river towns since 1887.');
      await expect(page.locator('footer').getByRole('link', { name: TITLE })).toHaveAttribute('href', `/${SLUG}`);
      await expectAccessible(page);
    }
    await screenshots(page, 'static-page');

    // The admin: the page in the header menu, after the first category; a pale accent refused, a blue one saved.
    await page.goto('/dashboard/settings');
    const colour = page.getByLabel('Accent colour', { exact: true });
    await colour.fill('#f59e0b');
    await expect(page.getByText('Contrast with white: 2.1:1 — needs at least 4.5:1')).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Accent colour must contrast at least 4.5:1 with white (this one: 2.1:1): choose a darker colour')).toBeVisible();
    await colour.fill(ACCENT);
    await expect(page.getByText(/Contrast with white: 6\.\d:1 — passes/)).toBeVisible();
    const header = page.getByRole('group', { name: 'Header' });
    await header.getByLabel('Choose the links').check();
    const add = header.getByLabel('Add a link to the header');
    await add.selectOption({ index: 1 });
    await header.getByRole('button', { name: 'Add link' }).click();
    await add.selectOption({ label: `Page: ${TITLE}` });
    await header.getByRole('button', { name: 'Add link' }).click();
    await header.getByRole('button', { name: `Move ${TITLE} up` }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved. Every page shows them now.')).toBeVisible();
    await screenshotsAtBothWidths(page, 'settings-menus');

    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories', exact: true });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(links.first()).toHaveText(TITLE);
    // The accent: the brand's last word and the category labels.
    const brand = page.locator('header[data-header] a[href="/"] span');
    await expect(brand).toHaveCSS('color', 'rgb(29, 78, 216)');
    await expect(page.locator('a[href^="/category/"] >> nth=0')).toBeVisible();
    await screenshots(page, 'accent-home');
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Categories (menu)' }).getByRole('link').first()).toHaveText(TITLE);
    await expectAccessible(page);
  } finally {
    await restore(page.request, token);
    await page.context().close();
  }
});
