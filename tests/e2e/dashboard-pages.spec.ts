import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './global-setup';
import { expectToast, pageAs, screenshotsAtBothWidths, shot, tokenOf } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, MOBILE, expectAccessible, screenshots } from './helpers';

/**
 * Issue 26: an editor writes an About page in the dashboard and publishes it; readers find it at its address, server
 * rendered, linked from the footer. An admin then uploads a logo, puts the page in the header menu and gives the site
 * a blue accent (a pale one is refused, with its contrast); every page shows them. Everything is put back afterwards.
 */
test.describe.configure({ mode: 'serial' });

const TITLE = 'About the Courier';
const SLUG = `about-the-courier-${Date.now().toString(36)}`;
const ACCENT = '#1d4ed8';

async function restore(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const { version } = (await (await request.get('/api/settings', { headers: auth })).json()) as { version: number };
  const res = await request.put('/api/settings', {
    headers: auth,
    data: { accentColor: '#b91c1c', navigation: { header: null, footer: null }, logoUrl: null, version },
  });
  expect(res.status()).toBe(200);
  const pages = (await (await request.get('/api/pages', { headers: auth })).json()) as { id: string; slug: string }[];
  for (const p of pages.filter((p) => p.slug === SLUG)) await request.delete(`/api/pages/${p.id}`, { headers: auth });
}

test('a page written in the dashboard is a reader page; the menus and the accent colour follow the settings', async ({ browser }) => {
  test.setTimeout(150_000);
  const editorPage = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const page = await pageAs(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await tokenOf(page);
  try {
    await editorPage.goto('/dashboard/pages');
    await expect(editorPage.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
    await editorPage.getByRole('button', { name: 'New Page' }).click();
    const dialog = editorPage.getByRole('dialog', { name: 'New Page' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Address').fill('dashboard');
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await editorPage.keyboard.type('We have reported on the river towns since 1887.');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    // A reserved address is refused in the form, before anything is sent.
    await expect(dialog.getByText('/dashboard is an address the site uses itself: choose another')).toBeVisible();
    await dialog.getByLabel('Address').fill(SLUG);
    await dialog.getByLabel('Description').fill('Who we are and how we work.');
    await dialog.getByLabel('Status').selectOption('published');
    await shot(editorPage, 'page-form');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await expectToast(editorPage, 'Success', 'Page created successfully.');
    await expect(editorPage.getByRole('row', { name: new RegExp(TITLE) })).toContainText('Published');
    // A preview of any page (a draft's too), as readers will see it.
    await editorPage.getByRole('button', { name: `Preview ${TITLE}` }).click();
    const preview = editorPage.getByRole('dialog', { name: `Preview: ${TITLE}` });
    await expect(preview.locator('.article-body')).toHaveText('We have reported on the river towns since 1887.');
    await expect(preview).toContainText(`As readers will see it at /${SLUG}.`);
    await expectAccessible(editorPage);
    await shot(editorPage, 'page-preview', false);
    await editorPage.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
    await editorPage.context().close();

    await page.goto('/dashboard/pages');
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
    // A fresh install's Privacy page is there, published.
    await expect(page.getByRole('row', { name: /Privacy/ })).toContainText('Published');
    await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toContainText('Published');
    await expectAccessible(page);
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

    // The admin: a logo; the page in the header menu, after the first category; a pale accent refused, a blue one saved.
    await page.goto('/dashboard/settings');
    const logo = await sharp({
      create: { width: 360, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="360" height="80"><rect x="0" y="10" width="60" height="60" fill="#1d4ed8"/><text x="75" y="55" font-size="40" font-family="Georgia" font-weight="bold">The Courier</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await page.getByLabel('Upload logo').setInputFiles({ name: 'courier-logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', /^\/uploads\//);
    const colour = page.getByLabel('Accent colour', { exact: true });
    await colour.fill('#f59e0b');
    await expect(page.getByText('Contrast with white: 2.1:1 — needs at least 4.5:1')).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(
      page.getByText('Accent colour must contrast at least 4.5:1 with white (this one: 2.1:1): choose a darker colour'),
    ).toBeVisible();
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
    // The logo in place of the name (its text alternative), and the accent on the active links and category labels.
    await expect(page.locator('header[data-header] a[href="/"] img')).toHaveAttribute('alt', 'Chronicle News');
    await expect(page.locator('a[href^="/category/"] >> nth=0')).toBeVisible();
    const badge = page.locator('main span.bg-brand').first();
    await expect(badge).toHaveCSS('background-color', 'rgb(29, 78, 216)');
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
