import { expect, test, type Page } from '@playwright/test';
import { expectToast, pageAs, screenshotsAtBothWidths, shot, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, expectAccessible } from './helpers';

/**
 * Issue 27's scheduling (docs/decisions/059-scheduling.md): an author submits; the editor schedules it from the review
 * queue in the newsroom's time; nothing of it is public until its minute, then it goes live by itself. A breaking
 * headline is scheduled and cancelled. At both widths; axe clean on the dialog.
 */
test.describe.configure({ mode: 'serial' });

const rowOf = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });

/** `instant` as the newsroom's date and time inputs hold it in `zone`. */
function wall(instant: Date, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('an editor schedules an article from the review queue; it goes live by itself at its minute, not before', async ({ browser }) => {
  test.setTimeout(180_000);
  const author = await pageAs(browser, DEMO.author, DEMO_PASSWORD);
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const title = unique('Night ferry timetable');
  try {
    const headers = { Authorization: `Bearer ${await tokenOf(author)}` };
    const category = ((await (await author.request.get('/api/categories')).json()) as { id: string }[])[0]!.id;
    const created = await author.request.post('/api/articles', {
      headers,
      data: {
        title,
        summary: 'Ferries run until 2 a.m. from December.',
        content: '<p>The new timetable.</p>',
        categoryId: category,
        section: 'General',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await author.request.post(`/api/articles/${id}/submit`, { headers })).status()).toBe(200);
    const zone = ((await (await editor.request.get('/api/site')).json()) as { timeZone: string }).timeZone;

    await editor.setViewportSize(DESKTOP);
    await editor.goto('/dashboard/articles?status=review');
    await rowOf(editor, title)
      .getByRole('button', { name: `Schedule: “${title}”` })
      .click();
    const dialog = editor.getByRole('dialog', { name: 'Schedule' });
    await expect(dialog).toContainText(`newsroom time (${zone})`);
    const live = dialog.getByRole('group', { name: 'Goes live' });

    // A past minute is refused in the form, before anything is sent.
    const past = wall(new Date(Date.now() - 3_600_000), zone);
    await live.getByLabel('Date').fill(past.date);
    await live.getByLabel('Time').fill(past.time);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(live.getByText('Choose a time in the future.')).toBeVisible();

    // The next minute that is at least 20 s away: it goes live by itself within a minute and a half.
    const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const at = wall(due, zone);
    await live.getByLabel('Date').fill(at.date);
    await live.getByLabel('Time').fill(at.time);
    await expect(live).toContainText('newsroom time');
    await dialog.getByRole('checkbox', { name: 'Take it down by itself at a set time' }).check();
    await expect(dialog.getByRole('group', { name: 'Taken down' })).toBeVisible();
    await expectAccessible(editor);
    await shot(editor, 'schedule-dialog', false);
    // No end after all: the piece stays up.
    await dialog.getByRole('checkbox', { name: 'Take it down by itself at a set time' }).uncheck();
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(editor, 'Success', /Scheduled for \w{3}, /);
    await expect(rowOf(editor, title)).toHaveCount(0);

    // The Scheduled filter lists it, with when it goes live; nothing of it is public yet.
    await editor.goto('/dashboard/articles?status=scheduled');
    await expect(editor.getByText('Articles scheduled to go live by themselves, the next first.')).toBeVisible();
    await expect(rowOf(editor, title)).toContainText('Scheduled');
    await expect(rowOf(editor, title)).toContainText('Goes live');
    await screenshotsAtBothWidths(editor, 'scheduled-articles');
    const reader = await browser.newContext();
    try {
      expect((await reader.request.get(`/api/articles/${id}`)).status()).toBe(404);
      expect((await reader.request.get(`/article/${id}`)).status()).toBe(404);
      expect(await (await reader.request.get('/rss.xml')).text()).not.toContain(title);

      // By itself, at its minute.
      await expect
        .poll(async () => (await reader.request.get(`/api/articles/${id}`)).status(), { timeout: 120_000, intervals: [2_000] })
        .toBe(200);
      expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
      const page = await reader.newPage();
      await page.goto(`/article/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    } finally {
      await reader.close();
    }
    await editor.goto('/dashboard/articles?status=published');
    await expect(rowOf(editor, title)).toContainText('Published');
  } finally {
    await author.context().close();
    await editor.context().close();
  }
});

test('an editor schedules a breaking headline, then cancels it', async ({ browser }) => {
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const headline = unique('Storm warning lifted');
  try {
    const headers = { Authorization: `Bearer ${await tokenOf(editor)}` };
    const created = await editor.request.post('/api/breaking-news', { headers, data: { headline } });
    expect(created.status()).toBe(201);
    await editor.goto('/dashboard/breaking-news');
    await rowOf(editor, headline)
      .getByRole('button', { name: `Schedule: “${headline}”` })
      .click();
    const dialog = editor.getByRole('dialog', { name: 'Schedule' });
    // A headline has no end: only when it goes on the ticker.
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(editor, 'Success', /Scheduled for \w{3}, /);
    await expect(rowOf(editor, headline)).toContainText('Scheduled');
    await expect(rowOf(editor, headline)).toContainText('Goes live');
    expect(
      ((await (await editor.request.get('/api/breaking-news')).json()) as { news: { headline: string }[] }).news.map((n) => n.headline),
    ).not.toContain(headline);
    await rowOf(editor, headline)
      .getByRole('button', { name: `Cancel the schedule of “${headline}”` })
      .click();
    await editor.getByRole('dialog', { name: 'Cancel Schedule' }).getByRole('button', { name: 'Cancel Schedule' }).click();
    await expectToast(editor, 'Success', 'Schedule cancelled.');
    await expect(rowOf(editor, headline)).toContainText('Draft');
  } finally {
    await editor.context().close();
  }
});
