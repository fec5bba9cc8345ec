import { expect, test } from '@playwright/test';
import { openArticleEditor, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP } from './helpers';

/**
 * Issue 27's autosave (docs/decisions/063-autosave-presence-conflicts.md): a draft saves itself once typing stops;
 * offline, its changes are kept on the device, through a reload, until the server takes them.
 */
test('a draft saves itself; offline its changes wait on the device, through a reload, and are saved once back', async ({ browser }) => {
  const page = await pageAs(browser, DEMO.author, DEMO_PASSWORD);
  try {
    await page.setViewportSize(DESKTOP);
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const category = ((await (await page.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
    const title = unique('Allotment waiting list');
    const created = await page.request.post('/api/articles', {
      headers,
      data: { title, summary: 'Two hundred names long.', content: '<p>The list grows.</p>', categoryId: category },
    });
    const { id } = (await created.json()) as { id: string };
    const stored = async () => ((await (await page.request.get(`/api/articles/${id}`, { headers })).json()) as { summary: string }).summary;

    // Online: typing stops, and it is saved without a click.
    let form = await openArticleEditor(page, title, '/dashboard/articles?status=draft');
    const status = form.getByRole('status', { name: 'Save status' });
    await form.getByLabel('Summary').fill('Two hundred and twelve names long.');
    await expect(status).toHaveText('Saved');
    expect(await stored()).toBe('Two hundred and twelve names long.');

    // Offline: kept on the device.
    await page.context().setOffline(true);
    await form.getByLabel('Summary').fill('Two hundred and twenty names long, and growing.');
    await expect(status).toHaveText('Offline: changes kept on this device');
    // Leaving now would lose nothing, but the browser asks first.
    let asked = false;
    page.once('dialog', (dialog) => {
      asked = dialog.type() === 'beforeunload';
      void dialog.accept();
    });
    // Back online for pages, but the server stays out of reach for saves (a network that lets pages through but not
    // the API's writes): the reload finds the changes on the device only.
    await page.route(`**/api/articles/${id}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.context().setOffline(false);
    await page.reload();
    expect(asked).toBe(true);
    expect(await stored()).toBe('Two hundred and twelve names long.');

    // After the reload: the kept changes are back in the form, and saved as soon as the server can be reached.
    form = await openArticleEditor(page, title, '/dashboard/articles?status=draft');
    await expect(form).toContainText('Your unsaved changes from this device were restored.');
    await expect(form.getByLabel('Summary')).toHaveValue('Two hundred and twenty names long, and growing.');
    await expect(form.getByRole('status', { name: 'Save status' })).toHaveText('Offline: changes kept on this device');
    await screenshotsAtBothWidths(page, 'edit-offline');
    await page.unroute(`**/api/articles/${id}`);
    await expect(form.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
    expect(await stored()).toBe('Two hundred and twenty names long, and growing.');
    // Nothing is left on the device once the server has it.
    expect(await page.evaluate((article) => Object.keys(localStorage).filter((k) => k.endsWith(article)), id)).toEqual([]);
  } finally {
    await page.context().close();
  }
});
