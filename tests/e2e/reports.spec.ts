import { readFile } from 'node:fs/promises';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './playwright.config';
import { menuOf, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, expectAccessible } from './helpers';

/**
 * Issue 29's Reports (docs/decisions/068-reports.md): a reader reads an article to its end in Chromium; the editor's
 * Reports screen then shows that read at 100 % with its engaged time, in the articles' table and in the article's own
 * report, exported as CSV; accessible, at 375 and 1280 px.
 *
 * Headless Chromium names itself "HeadlessChrome", which the ingest takes for a robot: the reader's browser says it is
 * Chrome, for every request — the beacon sent as the page is left included (an override per page does not reach that
 * one). It is a browser of the journey's own: launch options set for the file would need a worker of their own, which
 * the run starts only once the other files are done (it ended the whole run alone, 24 s, on this machine).
 */
const CHROME_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('a read to the end shows in the Reports at 100 % with its engaged time', async ({ browser, baseURL }) => {
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const readerBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--user-agent=${CHROME_USER_AGENT}`],
  });
  try {
    const readerContext = await readerBrowser.newContext({ baseURL, viewport: { width: 1280, height: 700 } });
    const reader = await readerContext.newPage();
    const title = unique('Reports: the harbour wall, paragraph by paragraph');
    const auth = { Authorization: `Bearer ${await tokenOf(editor)}` };
    const categories = (await (await editor.request.get('/api/categories')).json()) as { id: string }[];
    const content = Array.from(
      { length: 30 },
      (_, i) => `<p>Paragraph ${i + 1} of the harbour wall's story, long enough to scroll through.</p>`,
    ).join('');
    const created = await editor.request.post('/api/articles', {
      headers: auth,
      data: { title, summary: 'How far readers read.', content, categoryId: categories[0]!.id },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await editor.request.post(`/api/articles/${id}/publish`, { headers: auth })).status()).toBe(200);

    // The reader reads: the page measures once it is idle (its four marks are in the body), then they scroll to the end.
    await reader.goto(`/article/${id}`);
    await expect(reader.locator('[data-read-mark]')).toHaveCount(4);
    for (let step = 0; step < 8; step++) {
      await reader.mouse.move(200 + step * 20, 300);
      await reader.mouse.wheel(0, 500);
      await reader.waitForTimeout(500);
    }
    await expect.poll(() => reader.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 400)).toBe(true);
    await reader.mouse.move(400, 400);
    await reader.waitForTimeout(1_500);
    // Leaving the page sends what it read.
    await reader.goto('/');

    const reportOf = async () =>
      (await (await editor.request.get(`/api/reports/articles/${id}`, { headers: auth })).json()) as {
        totals: { views: number; engagedSeconds: number; completionRate: number };
      };
    // A report rolls up what came since (at most every 15 s per process), the job every minute.
    await expect.poll(async () => (await reportOf()).totals.views, { timeout: 75_000 }).toBe(1);
    const { totals } = await reportOf();
    expect(totals.completionRate).toBe(1);
    expect(totals.engagedSeconds).toBeGreaterThanOrEqual(2);

    await editor.setViewportSize(DESKTOP);
    await editor.goto('/dashboard');
    expect(await menuOf(editor)).toContain('Reports');
    await editor.getByRole('link', { name: /Analytics/ }).click();
    await expect(editor).toHaveURL('/dashboard/reports');
    await expect(editor.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await editor.getByLabel('Search titles').fill(title);
    await expect(editor).toHaveURL(/q=Reports/);
    const row = editor.getByRole('table', { name: 'Articles by reading' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('100%');
    await expect(row).toContainText(`${totals.engagedSeconds} s`);
    await expectAccessible(editor);

    const [download] = await Promise.all([editor.waitForEvent('download'), editor.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reading-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(`"${title}",/article/${id},`);
    // The export's toast, gone before the next check: axe must not weigh it half faded.
    await expect(editor.getByText(/^The table was saved as/)).toBeVisible();
    await editor.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(editor.getByText(/^The table was saved as/)).toBeHidden();

    // The article's own report: the reader reached the end, for the engaged time measured.
    await row.getByRole('button', { name: title }).click();
    await expect(editor).toHaveURL(new RegExp(`article=${id}`));
    await expect(editor.getByRole('heading', { name: title })).toBeVisible();
    const funnel = editor.getByRole('table', { name: 'Pages that reached each mark' });
    await expect(funnel.getByRole('row', { name: /The end/ })).toContainText('100%');
    await expect(editor.getByText('Read to the end').locator('..')).toContainText('100%');
    await expect(editor.getByText('Average engaged time').locator('..')).toContainText(`${totals.engagedSeconds} s`);
    await expectAccessible(editor);
    await screenshotsAtBothWidths(editor, 'reports-article');
    await editor.getByRole('button', { name: '← All articles' }).click();
    await screenshotsAtBothWidths(editor, 'reports');
  } finally {
    await readerBrowser.close();
    await editor.context().close();
  }
});
